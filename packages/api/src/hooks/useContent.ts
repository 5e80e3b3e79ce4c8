import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { Article, Menu } from '../contract/content';
import { apiKeys } from './keys';
import { type ApiResponse, STATIC_DATA, useApiSWR } from './swr';

/** Header and footer menus in one request. */
export function useMenus(): ApiResponse<Menu[]> {
  const locale = useLocale();
  return useApiSWR(apiKeys.menus(locale), () => api.content.menus(), STATIC_DATA);
}

export function useArticle(type: string | null): ApiResponse<Article> {
  const locale = useLocale();
  return useApiSWR(type ? apiKeys.article(type, locale) : null, ([, articleType]) => api.content.article(articleType));
}
