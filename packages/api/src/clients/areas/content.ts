import type {
  Article,
  DocumentsListResponse,
  DocumentType,
  Equipment,
  LabDocumentDetail,
  Menu,
  MenuType,
  NewsArticle,
  NewsListResponse,
  NewsType,
} from '../../contract/content';
import { send } from '../send';

/** What "similar" lists exclude and filter on. */
export type SimilarFilter<T extends string> = { types: readonly T[]; excludeIds: readonly number[]; size?: number };

const csv = (values: readonly (string | number)[]): string | undefined =>
  values.length > 0 ? values.join(',') : undefined;

export const content = {
  menus: (types: readonly MenuType[] = ['header', 'footer']): Promise<Menu[]> =>
    send('menus', { query: { types: csv(types) } }),
  article: (type: string): Promise<Article> => send('articleByType', { params: { type } }),
  news: (page = 0, size = 20): Promise<NewsListResponse> =>
    send('newsList', { query: { page, size, enabled: true, sort: 'published-at', 'sort-direction': 'desc' } }),
  newsBySlug: (slug: string): Promise<NewsArticle> => send('newsBySlug', { params: { slug } }),
  /** docs/product.md#constants: similar news come 10 at a time. */
  similarNews: ({ types, excludeIds, size = 10 }: SimilarFilter<NewsType>): Promise<NewsListResponse> =>
    send('newsList', {
      query: {
        page: 0,
        size,
        enabled: true,
        sort: 'published-at',
        'sort-direction': 'desc',
        types: csv(types),
        excludeIds: csv(excludeIds),
      },
    }),
  equipment: (): Promise<Equipment[]> => send('equipment', {}),
  /** docs/product.md#constants: document list default size 8. */
  documents: (page = 0, size = 8): Promise<DocumentsListResponse> =>
    send('documentsList', { query: { page, size, enabled: true } }),
  documentBySlug: (slug: string): Promise<LabDocumentDetail> => send('documentBySlug', { params: { slug } }),
  similarDocuments: ({ types, excludeIds, size = 8 }: SimilarFilter<DocumentType>): Promise<DocumentsListResponse> =>
    send('documentsList', { query: { page: 0, size, enabled: true, types: csv(types), excludeIds: csv(excludeIds) } }),
};
