// The cart page as the shell's server previews it (@lab/preview; built to dist/server/preview.js): a
// first visit's cart, which is empty (the shell shows no preview to a browser that stored a cart).
import { createPagePreview } from '@lab/preview';
import CartPage from './exposed/CartPage';

export const renderPagePreview = createPagePreview({ CartPage });
