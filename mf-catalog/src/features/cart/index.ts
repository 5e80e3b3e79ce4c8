export { AddToCartButton } from './AddToCartButton';
export { type AnalyticsItem, pushAddToCart } from './analytics';
export { type AddToCart, type CartCandidate, useAddToCart } from './useAddToCart';
