/** The role a signed-in user acts in (spec section 1: a doctor can switch to patient). */
export type Role = 'patient' | 'doctor';

/**
 * Every cross-app signal with its payload. The comment names the one app that emits it;
 * everyone else only listens.
 */
export type LabEvents = {
  /** shell (account button) and mf-cart-checkout (checkout): ask mf-auth to open the sign-in modal. */
  'auth:open': { fromCheckout: boolean };
  /** mf-auth (sign-in) and mf-account (logout): the session changed. */
  'session:changed': { signedIn: boolean };
  /** mf-account: the user switched between doctor and patient. */
  'role:changed': { role: Role };
  /** shell: the chosen city changed (announced 1000 ms after the change, spec section 4). */
  'city:changed': { cityId: number };
  /** mf-catalog / mf-cart-checkout: the cart's items changed. */
  'cart:changed': { cartId: string | null };
  /** mf-account: a doctor chose another workplace. */
  'workplace:changed': { workplaceId: number };
};

export type LabEventName = keyof LabEvents;
