import type { Menu, MenuItem } from '@lab/api';

/** A menu item that is shown: spec section 2, "items without a title are not shown". */
export type ShownMenuItem = { title: string; href: string | null; children: ShownMenuItem[] };

export function shownItems(items: readonly MenuItem[] | undefined): ShownMenuItem[] {
  return (items ?? [])
    .filter((item): item is MenuItem & { title: string } => typeof item.title === 'string' && item.title.trim() !== '')
    .map((item) => ({ title: item.title, href: item.href ?? null, children: shownItems(item.children) }));
}

export function menuOfType(menus: readonly Menu[] | undefined, type: Menu['type']): ShownMenuItem[] {
  return shownItems(menus?.find((menu) => menu.type === type)?.items);
}
