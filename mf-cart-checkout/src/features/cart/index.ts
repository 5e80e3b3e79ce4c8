export { CartButton } from './CartButton';
export { CartPage } from './CartPage';
