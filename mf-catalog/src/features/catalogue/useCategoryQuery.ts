import { useSearchParams } from '@lab/router';
import { useCallback, useMemo } from 'react';
import type { GenderFilter, PriceSort } from './tree';

/** A category's filters and loaded pages as its address carries them. */
export type CategoryQuery = {
  subgroup: string | null;
  gender: GenderFilter;
  sort: PriceSort;
  /** the text filter (`q`), as applied to the list */
  text: string;
  /** how many pages "show more" has loaded (1 without) */
  pages: number;
};

const GENDERS: readonly GenderFilter[] = ['all', 'male', 'female'];
const SORTS: readonly PriceSort[] = ['default', 'price-asc', 'price-desc'];
const MAX_PAGES = 50;

/** The query of a category's address, read leniently: anything unknown means its default. */
export function readCategoryQuery(params: URLSearchParams): CategoryQuery {
  const gender = params.get('gender') as GenderFilter | null;
  const sort = params.get('sort') as PriceSort | null;
  const pages = Number(params.get('pages'));
  return {
    subgroup: params.get('group') || null,
    gender: gender && GENDERS.includes(gender) ? gender : 'all',
    sort: sort && SORTS.includes(sort) ? sort : 'default',
    text: (params.get('q') ?? '').slice(0, 200),
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_PAGES) : 1,
  };
}

/** The address query for a category's state: defaults left out, so a plain category stays a plain address. */
export function categorySearch(query: CategoryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.subgroup) params.set('group', query.subgroup);
  if (query.gender !== 'all') params.set('gender', query.gender);
  if (query.sort !== 'default') params.set('sort', query.sort);
  if (query.text) params.set('q', query.text);
  if (query.pages > 1) params.set('pages', String(query.pages));
  // the list changes in place: the page keeps its scroll (docs/product.md#navigation, the paginate flag)
  if (params.size > 0) params.set('paginate', '1');
  return params;
}

/**
 * The category's filters, sort and loaded pages kept in the address, so that Back, Forward, a reload
 * and a shared link all show the same list. Changes replace the entry (Back leaves the category rather
 * than stepping through its filters); any filter change starts again from the first page.
 */
export function useCategoryQuery(): [CategoryQuery, (change: Partial<CategoryQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readCategoryQuery(params), [params]);
  const update = useCallback(
    (change: Partial<CategoryQuery>) => {
      const next = categorySearch({ ...readCategoryQuery(params), ...change, pages: change.pages ?? 1 });
      // the paginate flag keeps the scroll: the router's restoration does not reset it
      setParams(next, { replace: true, preventScrollReset: next.has('paginate') });
    },
    [params, setParams],
  );
  return [query, update];
}
