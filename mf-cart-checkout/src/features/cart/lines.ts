import type { CartItem, UnavailableCartItem } from '@lab/api';

/** A line the visitor added and can remove: an orderable item, or one not orderable in the city. */
export type RemovableLine = CartItem | UnavailableCartItem;

/** Whether a line has a price (an item), as opposed to a line not offered in the city. */
export function isPriced(line: RemovableLine): line is CartItem {
  return 'price' in line;
}
