import type { SearchBody, SearchResponse } from '../../contract/search';
import { send } from '../send';

export const search = {
  /** Pass a signal so a newer query cancels the pending one (docs/product.md#search). */
  query: (body: SearchBody, signal?: AbortSignal): Promise<SearchResponse> => send('search', { body, signal }),
};
