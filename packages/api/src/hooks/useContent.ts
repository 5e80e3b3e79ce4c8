import { useLocale } from '@lab/i18n';
import useSWRInfinite from 'swr/infinite';
import { api } from '../clients/api';
import type { ApiError } from '../clients/errors';
import type { Page } from '../contract/common';
import type {
  Article,
  DocumentType,
  Equipment,
  LabDocument,
  LabDocumentDetail,
  Menu,
  MobileApp,
  NewsArticle,
  NewsItem,
  NewsType,
} from '../contract/content';
import { apiKeys } from './keys';
import { type PagedList, pagedList } from './paged';
import { type ApiRead, fetchRead, reads } from './reads';
import { type ApiResponse, STATIC_DATA, useApiSWR } from './swr';

/** Header and footer menus in one request. */
export function useMenus(): ApiResponse<Menu[]> {
  const locale = useLocale();
  const read = reads.menus(locale);
  return useApiSWR(read.key, () => fetchRead<Menu[]>(read), STATIC_DATA);
}

export function useArticle(type: string | null): ApiResponse<Article> {
  const locale = useLocale();
  const read = type ? reads.article(type, locale) : null;
  return useApiSWR(read?.key ?? null, () => fetchRead<Article>(read as ApiRead));
}

/** The mobile app's store links with their QR codes; an empty list when there is no app. */
export function useMobileApp(): ApiResponse<MobileApp> {
  const read = reads.mobileApp();
  return useApiSWR(read.key, () => fetchRead<MobileApp>(read), STATIC_DATA);
}

/** News and promotions, newest first, pages appended (docs/product.md#lists). */
export function useNewsList(pageSize = 12): PagedList<NewsItem> {
  const locale = useLocale();
  const { data, size, setSize, isLoading, isValidating, error, mutate } = useSWRInfinite<Page<NewsItem>, ApiError>(
    (page, previous: Page<NewsItem> | null) =>
      previous && previous.page >= previous.totalPages - 1 ? null : apiKeys.newsList(pageSize, page, locale),
    ([, listSize, page]: ReturnType<typeof apiKeys.newsList>) => api.content.news(page, listSize),
  );
  return pagedList(data, size, setSize, isLoading, isValidating, error, mutate);
}

export function useNewsItem(slug: string | null): ApiResponse<NewsArticle> {
  const locale = useLocale();
  const read = slug ? reads.newsItem(slug, locale) : null;
  return useApiSWR(read?.key ?? null, () => fetchRead<NewsArticle>(read as ApiRead));
}

/** docs/product.md#constants: similar news, 10 of the same types, without the ones shown. */
export function useSimilarNews(types: readonly NewsType[], excludeIds: readonly number[]): ApiResponse<Page<NewsItem>> {
  const locale = useLocale();
  return useApiSWR(excludeIds.length ? apiKeys.similarNews(types.join(','), excludeIds.join(','), locale) : null, () =>
    api.content.similarNews({ types, excludeIds }),
  );
}

/** Licences and certificates, 8 a page by default (docs/product.md#constants), pages appended. */
export function useDocuments(pageSize = 8): PagedList<LabDocument> {
  const locale = useLocale();
  const { data, size, setSize, isLoading, isValidating, error, mutate } = useSWRInfinite<Page<LabDocument>, ApiError>(
    (page, previous: Page<LabDocument> | null) =>
      previous && previous.page >= previous.totalPages - 1 ? null : apiKeys.documents(pageSize, page, locale),
    ([, listSize, page]: ReturnType<typeof apiKeys.documents>) => api.content.documents(page, listSize),
  );
  return pagedList(data, size, setSize, isLoading, isValidating, error, mutate);
}

export function useDocument(slug: string | null): ApiResponse<LabDocumentDetail> {
  const locale = useLocale();
  const read = slug ? reads.document(slug, locale) : null;
  return useApiSWR(read?.key ?? null, () => fetchRead<LabDocumentDetail>(read as ApiRead));
}

export function useSimilarDocuments(
  types: readonly DocumentType[],
  excludeIds: readonly number[],
): ApiResponse<Page<LabDocument>> {
  const locale = useLocale();
  return useApiSWR(
    excludeIds.length ? apiKeys.similarDocuments(types.join(','), excludeIds.join(','), locale) : null,
    () => api.content.similarDocuments({ types, excludeIds }),
  );
}

export function useEquipment(): ApiResponse<Equipment[]> {
  const locale = useLocale();
  return useApiSWR(apiKeys.equipment(locale), () => api.content.equipment(), STATIC_DATA);
}
