/** The role a signed-in user acts in (docs/product.md#who-uses-it: a doctor can switch to patient). */
export type Role = 'patient' | 'doctor';

/**
 * Every cross-app signal with its payload. The comment names the one module that emits it (scripts/boundaries.mjs holds each to one emitter); everyone else only listens.
 */
export type LabEvents = {
  /** @lab/api `requestSignIn` (mf-account's account button, mf-cart-checkout's checkout): ask mf-auth to open the sign-in modal. */
  'auth:open': { fromCheckout: boolean };
  /** @lab/api `announceSession` (mf-auth's sign-in, mf-account's logout): the session changed. */
  'session:changed': { signedIn: boolean };
  /** mf-account: the user switched between doctor and patient. */
  'role:changed': { role: Role };
  /** shell: the chosen city changed (announced 1000 ms after the change, docs/product.md#city). */
  'city:changed': { cityId: number };
  /** @lab/api `announceCart` (mf-catalog's add, mf-cart-checkout's remove and order): the cart's items changed. */
  'cart:changed': { cartId: string | null };
  /** mf-account: a doctor chose another workplace. */
  'workplace:changed': { workplaceId: number };
};

export type LabEventName = keyof LabEvents;
