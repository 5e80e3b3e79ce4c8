import { keysOf, removeStored, setStored } from '@lab/api';
import { bus, type Role } from '@lab/events';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * docs/product.md#role-switch: to doctor sets the doctor flag, loads the doctor's photo (their
 * profile, whose version the photo URL carries) and workplaces and reloads the cart; to patient clears
 * the flag and reloads the patient's photo and the cart. Then `role:changed` is announced.
 */
export function useRoleSwitch(): (role: Role) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (role: Role) => {
      if (role === 'doctor') setStored('doctor', true);
      else removeStored('doctor');
      const reloads =
        role === 'doctor'
          ? [keysOf('doctor-self', 'doctor-workplaces', 'current-workplace'), keysOf('cart')]
          : [keysOf('patient-self'), keysOf('cart')];
      // a reload that fails shows up where its data is read; the switch itself has happened
      await Promise.allSettled(reloads.map((filter) => mutate(filter)));
      bus.emit('role:changed', { role });
    },
    [mutate],
  );
}
