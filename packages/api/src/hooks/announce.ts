// The session's and the cart's signals on the bus (@lab/events), each emitted here and nowhere else
// (one emitter per event; scripts/boundaries.mjs checks it). The
// apps change the session and the cart through these hooks' calls, and say so through these.
import { bus, emitOrKeep } from '@lab/events';

/** Asks mf-auth to open the sign-in modal; kept until its modals have loaded (the layout mounts them). */
export const requestSignIn = (fromCheckout: boolean): void => emitOrKeep('auth:open', { fromCheckout });

/** The visitor signed in or out. */
export const announceSession = (signedIn: boolean): void => bus.emit('session:changed', { signedIn });

/** The cart's items changed: added or removed (its guest id, null for a user's cart), or ordered (null). */
export const announceCart = (cartId: string | null): void => bus.emit('cart:changed', { cartId });
