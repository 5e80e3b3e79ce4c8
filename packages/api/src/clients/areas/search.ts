import type { SearchBody, SearchResponse } from '../../contract/search';
import { send } from '../send';

export const search = {
  /** Pass a signal so a newer query cancels the pending one (spec section 4). */
  query: (body: SearchBody, signal?: AbortSignal): Promise<SearchResponse> => send('search', { body, signal }),
};
