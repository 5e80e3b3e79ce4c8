import { keysOf, useCurrentWorkplace, type Workplace } from '@lab/api';
import { bus } from '@lab/events';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * A doctor picks another workplace: the server call (POST .../workplaces/{id}/current), then what
 * depends on it reloads (the doctor's code, their referrals) and `workplace:changed` is announced.
 */
export function useWorkplaceSelect(enabled: boolean): (workplaceId: number) => Promise<Workplace> {
  const { select } = useCurrentWorkplace(enabled);
  const { mutate } = useSWRConfig();
  return useCallback(
    async (workplaceId: number) => {
      const workplace = await select(workplaceId);
      await Promise.allSettled([mutate(keysOf('orders', 'doctor-self', 'doctor-specialization'))]);
      bus.emit('workplace:changed', { workplaceId: workplace.id });
      return workplace;
    },
    [select, mutate],
  );
}
