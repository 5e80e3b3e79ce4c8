export { CartButton, PREVIEW_MIN_WIDTH } from './CartButton';
export { CartPage } from './CartPage';
export { CartPreview } from './CartPreview';
export { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
export type { RemovableLine } from './lines';
export { UnavailableLines } from './UnavailableLines';
export { type RemoveFromCart, useRemoveFromCart } from './useRemoveFromCart';
