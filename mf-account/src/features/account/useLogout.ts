import {
  announceSession,
  api,
  defaultSettlementId,
  getStored,
  isApiError,
  keysOf,
  removeStored,
  SESSION_AREAS,
  setStored,
} from '@lab/api';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** The stored values that belong to the signed-in user (docs/product.md#logout). */
export const USER_STORAGE_KEYS = ['doctor', 'doctorType', 'lastOrdersDate', 'lastPatientsDate'] as const;

/**
 * docs/product.md#logout: log out on the server, clear the user's data (user, doctor, photo: the
 * session's cache), the doctor flag, lastOrdersDate and lastPatientsDate, then make sure the guest
 * has a cart and reload it; `session:changed` tells the other apps. A session that had already
 * expired (401) counts as logged out; any other failure is thrown and nothing is cleared.
 */
export function useLogout(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      await api.auth.logout();
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    for (const key of USER_STORAGE_KEYS) removeStored(key);
    await mutate(keysOf(...SESSION_AREAS), undefined, { revalidate: true }).catch(() => undefined);
    const settlementId = getStored('cityId') ?? getStored('nearestCityId') ?? defaultSettlementId();
    try {
      // the city may still be unknown (detection waits up to 5 s): a new cart needs none
      if (settlementId != null) await api.cart.ensureGuest(settlementId);
      else setStored('cartId', (await api.cart.create()).id);
    } catch (error) {
      // the visitor is logged out whatever happens to the new cart; the cart widget shows its own failure
      console.warn('The guest cart could not be created', error);
    }
    await mutate(keysOf('cart')).catch(() => undefined);
    announceSession(false);
  }, [mutate]);
}
