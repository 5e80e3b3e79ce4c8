import { getStored, removeStored, type SearchHistoryEntry, setStored, useStored } from '@lab/api';
import { useCallback, useMemo } from 'react';

/** The product leaves the size open (docs/product.md#constants); the most recent ten are kept. */
export const HISTORY_LIMIT = 10;

const sameEntry = (a: SearchHistoryEntry, b: SearchHistoryEntry) => a.url === b.url;

/** A chosen result goes to the top; choosing it again moves it there instead of repeating it. */
export function addToHistory(
  history: readonly SearchHistoryEntry[],
  entry: SearchHistoryEntry,
  limit = HISTORY_LIMIT,
): SearchHistoryEntry[] {
  return [entry, ...history.filter((item) => !sameEntry(item, entry))].slice(0, limit);
}

export function removeFromHistory(
  history: readonly SearchHistoryEntry[],
  entry: SearchHistoryEntry,
): SearchHistoryEntry[] {
  return history.filter((item) => !sameEntry(item, entry));
}

export type SearchHistory = {
  entries: SearchHistoryEntry[];
  add: (entry: SearchHistoryEntry) => void;
  remove: (entry: SearchHistoryEntry) => void;
  clear: () => void;
};

/** The search history in local storage under `searchHistory` (docs/product.md#entities), shared by every tab. */
export function useSearchHistory(): SearchHistory {
  const stored = useStored('searchHistory');
  const entries = useMemo(() => stored ?? [], [stored]);
  // the stored list is read at the moment of the change, so two quick changes do not lose one
  const add = useCallback(
    (entry: SearchHistoryEntry) => setStored('searchHistory', addToHistory(getStored('searchHistory') ?? [], entry)),
    [],
  );
  const remove = useCallback(
    (entry: SearchHistoryEntry) =>
      setStored('searchHistory', removeFromHistory(getStored('searchHistory') ?? [], entry)),
    [],
  );
  const clear = useCallback(() => removeStored('searchHistory'), []);
  return { entries, add, remove, clear };
}
