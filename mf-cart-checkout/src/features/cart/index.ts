export { CartButton, PREVIEW_MIN_WIDTH } from './CartButton';
export { CartPage } from './CartPage';
export { CartPreview } from './CartPreview';
export { type CurrentCart, cartCount, useCurrentCart } from './useCurrentCart';
