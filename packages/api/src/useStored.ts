import { useCallback, useSyncExternalStore } from 'react';
import { getStored, type StorageKey, type StoredValues, subscribeStored } from './storage';

/**
 * A stored value that re-renders its readers when any app (or another tab) changes it: the city
 * the shell picks and the cart id a remote creates are read this way everywhere.
 */
export function useStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const subscribe = useCallback(
    (onChange: () => void) => subscribeStored((changed) => changed === key && onChange()),
    [key],
  );
  // a JSON snapshot keeps object values (utmParams, searchHistory) referentially stable between reads
  const snapshot = useSyncExternalStore(
    subscribe,
    () => JSON.stringify(getStored(key)),
    () => 'null',
  );
  return JSON.parse(snapshot) as StoredValues[K] | null;
}
