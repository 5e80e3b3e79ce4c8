/** Every call of docs/product.md#calls as a typed function, grouped by area. */
import { app } from './areas/app';
import { auth } from './areas/auth';
import { cart } from './areas/cart';
import { content } from './areas/content';
import { doctor } from './areas/doctor';
import { orders } from './areas/orders';
import { patient } from './areas/patient';
import { results } from './areas/results';
import { search } from './areas/search';
import { services } from './areas/services';
import { settlements } from './areas/settlements';
import { ensureGuestCart } from './guest-cart';

export const api = {
  settlements,
  services,
  cart: { ...cart, ensureGuest: ensureGuestCart },
  content,
  search,
  auth,
  patient,
  doctor,
  orders,
  results,
  app,
} as const;

export type Api = typeof api;
