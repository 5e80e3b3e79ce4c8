import { type ApiError, api, DROPDOWN_SEARCH_TYPES, type SearchResponse, toApiError } from '@lab/api';
import { useLocale } from '@lab/i18n';
import { useCallback, useEffect, useState } from 'react';
import { DROPDOWN_ROWS } from './results';

/** docs/product.md#constants: the dropdown asks 500 ms after the last keystroke ... */
export const SEARCH_DEBOUNCE_MS = 500;
/** ... and its loading flag is cleared 100 ms after the results arrive. */
export const LOADING_CLEAR_MS = 100;

export type LiveSearch = {
  /** The query the shown results answer. */
  query: string;
  response: SearchResponse | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
};

type State = Omit<LiveSearch, 'retry'>;
const IDLE: State = { query: '', response: null, loading: false, error: null };

/**
 * The header dropdown's live results. Typing shows the loading state at once; the request goes out
 * after the debounce; a newer query (or closing) aborts the pending request, so an older answer can
 * never replace a newer one. An empty query is no search: the dropdown shows the history instead.
 */
export function useLiveSearch(query: string, settlementId: number | null): LiveSearch {
  const [state, setState] = useState<State>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const locale = useLocale();
  const text = query.trim();

  useEffect(() => {
    // the locale and retry attempt are dependencies: a new language or a retry asks again
    void locale;
    void attempt;
    if (!text || settlementId == null) {
      setState(IDLE);
      return;
    }
    setState((previous) => ({ ...previous, loading: true, error: null }));
    const controller = new AbortController();
    let clearLoading: ReturnType<typeof setTimeout> | undefined;
    const debounce = setTimeout(() => {
      api.search
        .query(
          { settlementId, query: text, types: [...DROPDOWN_SEARCH_TYPES], page: 0, size: DROPDOWN_ROWS },
          controller.signal,
        )
        .then((response) => {
          if (controller.signal.aborted) return;
          setState((previous) => ({ ...previous, query: text, response, error: null }));
          clearLoading = setTimeout(() => setState((previous) => ({ ...previous, loading: false })), LOADING_CLEAR_MS);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ query: text, response: null, loading: false, error: toApiError(error) });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(debounce);
      clearTimeout(clearLoading);
      controller.abort();
    };
  }, [text, settlementId, locale, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
