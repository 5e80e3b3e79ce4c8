import { useCallback, useSyncExternalStore } from 'react';
import { getStored, type StorageKey, type StoredValues, subscribeStored } from './storage';

/** What a render on the server reads instead of the browser's storage (a first visit's values). */
let serverStored: Partial<StoredValues> = {};

/**
 * Runs one synchronous server render (renderToString) with these stored values: the page's preview
 * shows what a first visit in that city shows.
 */
export function renderWithStored<T>(values: Partial<StoredValues>, render: () => T): T {
  serverStored = values;
  try {
    return render();
  } finally {
    serverStored = {};
  }
}

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
    () => JSON.stringify(serverStored[key] ?? null),
  );
  return JSON.parse(snapshot) as StoredValues[K] | null;
}
