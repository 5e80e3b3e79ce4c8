export { FilterBar } from './FilterBar';
export { PeriodFilter } from './PeriodFilter';
export {
  type DateFilter,
  type DateRangeQuery,
  DEFAULT_FILTER,
  filterRange,
  PERIODS,
  type Period,
  parseFilter,
  serializeFilter,
} from './periods';
export { SearchField } from './SearchField';
export { useStoredFilter } from './useStoredFilter';
