import {
  announceSession,
  api,
  defaultSettlementId,
  getStored,
  keysOf,
  removeStored,
  SESSION_AREAS,
  setStored,
} from '@lab/api';
import { useLocalizedNavigate } from '@lab/ui';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Where a doctor lands after signing in (docs/product.md#navigation). */
export const DOCTOR_HOME = '/account/patients';

/** Moves the guest's cart into the user's; the stored guest cart id goes either way. */
async function mergeGuestCart(): Promise<void> {
  const guestCartId = getStored('cartId');
  if (!guestCartId) return;
  const settlementId = getStored('cityId') ?? getStored('nearestCityId') ?? defaultSettlementId();
  try {
    if (settlementId != null) await api.cart.merge(guestCartId, settlementId);
  } catch (error) {
    // the user is signed in whatever happened to the guest's items: a failed merge must not undo that
    console.warn('The guest cart could not be merged', error);
  } finally {
    removeStored('cartId');
  }
}

/**
 * A doctor profile that loads marks the account a doctor's, unless a role was stored already (the
 * user chose one before); answers whether the user was marked. A failure means no doctor profile,
 * and the stored doctor values are emptied (docs/product.md#errors).
 */
async function detectDoctor(): Promise<boolean> {
  try {
    await api.doctor.self();
  } catch {
    removeStored('doctor');
    removeStored('doctorType');
    return false;
  }
  if (getStored('doctor') != null) return false;
  setStored('doctor', true);
  setStored('doctorType', true);
  return true;
}

/**
 * What follows every sign-in (docs/product.md#guest-or-signed-in): the guest cart merges into the user's, the doctor
 * profile is checked (a new doctor goes to their patients), the session's data reloads everywhere
 * (session, cart, patient profile and photo) and `session:changed` is announced once.
 */
export function useCompleteSignIn(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  const navigate = useLocalizedNavigate();
  return useCallback(async () => {
    await mergeGuestCart();
    const doctor = await detectDoctor();
    if (doctor) navigate(DOCTOR_HOME);
    try {
      // drops the guest's cached data and refetches what is on screen: session, cart, profiles, photos
      await mutate(keysOf(...SESSION_AREAS), undefined, { revalidate: true });
    } catch (error) {
      console.warn('Session data did not reload', error);
    }
    announceSession(true);
  }, [mutate, navigate]);
}
