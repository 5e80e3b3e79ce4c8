export { addToHistory, HISTORY_LIMIT, removeFromHistory, useSearchHistory } from './history';
export { DROPDOWN_ROWS, dropdownRows, searchTotals, searchUrl, TOTAL_CHIPS } from './results';
export { SearchLauncher } from './SearchLauncher';
export { SearchPage } from './SearchPage';
export { LOADING_CLEAR_MS, SEARCH_DEBOUNCE_MS, useLiveSearch } from './useLiveSearch';
