/** Pages of a list appended into one (docs/product.md#lists). */
import type { ApiError } from '../clients/errors';
import type { Page } from '../contract/common';
import { loadingWithout } from './swr';

export type PagedList<T> = {
  items: T[];
  /** Items the whole list has (the last loaded page's totalElements); 0 before the first page. */
  total: number;
  /** False on the last page: loading more is skipped (docs/product.md#lists). */
  hasMore: boolean;
  loadMore: () => void;
  /** Loads the pages again after a failure. */
  retry: () => void;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: ApiError | undefined;
};

export function pagedList<T>(
  pages: Page<T>[] | undefined,
  size: number,
  setSize: (size: number) => unknown,
  isLoading: boolean,
  isValidating: boolean,
  error: ApiError | undefined,
  revalidate: () => unknown,
): PagedList<T> {
  const loaded = pages ?? [];
  const last = loaded.at(-1);
  const hasMore = last ? last.page < last.totalPages - 1 : false;
  // only a page on its way blocks asking for the next one (a double click adds one page); a revalidation
  // of the pages already shown (on mount, after the server's preview) does not swallow the click
  const isLoadingMore = isValidating && loaded.length < size;
  return {
    items: loaded.flatMap((page) => page.content),
    total: last?.totalElements ?? 0,
    hasMore,
    loadMore: () => {
      if (hasMore && !isLoadingMore) void setSize(size + 1);
    },
    retry: () => void revalidate(),
    isLoading: loadingWithout(isLoading, pages),
    isLoadingMore,
    error,
  };
}
