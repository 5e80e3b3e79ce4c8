import { setStored, useStored } from '@lab/api';
import { useCallback } from 'react';
import { type DateFilter, parseFilter, serializeFilter } from './periods';

/** A list's date filter, remembered in lastOrdersDate or lastPatientsDate (cleared at logout). */
export function useStoredFilter(
  key: 'lastOrdersDate' | 'lastPatientsDate',
  allowCustom = true,
): [DateFilter, (filter: DateFilter) => void] {
  const stored = useStored(key);
  const filter = parseFilter(stored, allowCustom);
  const setFilter = useCallback((next: DateFilter) => setStored(key, serializeFilter(next)), [key]);
  return [filter, setFilter];
}
