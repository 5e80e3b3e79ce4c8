/**
 * SWR keys: stable arrays `[area, ...arguments, locale]`, so every app on the page's one SWR cache
 * that reads the same data shares one entry and re-renders on its mutation. Localized reads carry the
 * locale, so switching language fetches texts in the new one instead of showing the old.
 */
import type { Locale } from '@lab/i18n';
import type { OrderListFilter, PatientRegistriesFilter } from '../clients/areas/results';
import type { ServiceListFilter } from '../clients/areas/services';
import { currentLocale } from '../clients/config';
import type { CustomerType } from '../contract/results';
import type { SearchGroupType } from '../contract/search';

export const apiKeys = {
  session: () => ['session'] as const,
  appConfiguration: () => ['app-configuration'] as const,
  settlements: (locale: Locale = currentLocale()) => ['settlements', locale] as const,
  settlementBranches: (settlementId: number, locale: Locale = currentLocale()) =>
    ['settlement-branches', settlementId, locale] as const,
  menus: (locale: Locale = currentLocale()) => ['menus', locale] as const,
  article: (type: string, locale: Locale = currentLocale()) => ['article', type, locale] as const,
  mobileApp: () => ['mobile-app'] as const,
  newsList: (size: number, page: number, locale: Locale = currentLocale()) =>
    ['news-list', size, page, locale] as const,
  newsItem: (slug: string, locale: Locale = currentLocale()) => ['news-item', slug, locale] as const,
  similarNews: (types: string, excludeIds: string, locale: Locale = currentLocale()) =>
    ['similar-news', types, excludeIds, locale] as const,
  documents: (size: number, page: number, locale: Locale = currentLocale()) =>
    ['documents', size, page, locale] as const,
  document: (slug: string, locale: Locale = currentLocale()) => ['document', slug, locale] as const,
  similarDocuments: (types: string, excludeIds: string, locale: Locale = currentLocale()) =>
    ['similar-documents', types, excludeIds, locale] as const,
  equipment: (locale: Locale = currentLocale()) => ['equipment', locale] as const,
  serviceGroupTree: (locale: Locale = currentLocale()) => ['service-group-tree', locale] as const,
  serviceBySlug: (slug: string, settlementId: number, locale: Locale = currentLocale()) =>
    ['service', slug, settlementId, locale] as const,
  servicePackages: (serviceId: number, settlementId: number, locale: Locale = currentLocale()) =>
    ['service-packages', serviceId, settlementId, locale] as const,
  popularServices: (settlementId: number, locale: Locale = currentLocale()) =>
    ['popular-services', settlementId, locale] as const,
  serviceList: (filter: ServiceListFilter, size: number, page: number, locale: Locale = currentLocale()) =>
    ['service-list', filter, size, page, locale] as const,
  search: (query: string, settlementId: number, types: readonly SearchGroupType[], locale: Locale = currentLocale()) =>
    ['search', query, settlementId, types.join(','), locale] as const,
  /** cartId null: the signed-in user's cart. */
  cart: (cartId: string | null, settlementId: number, locale: Locale = currentLocale()) =>
    ['cart', cartId, settlementId, locale] as const,
  patientSelf: (locale: Locale = currentLocale()) => ['patient-self', locale] as const,
  wards: (locale: Locale = currentLocale()) => ['wards', locale] as const,
  doctorSelf: (locale: Locale = currentLocale()) => ['doctor-self', locale] as const,
  doctorWorkplaces: (locale: Locale = currentLocale()) => ['doctor-workplaces', locale] as const,
  currentWorkplace: (locale: Locale = currentLocale()) => ['current-workplace', locale] as const,
  genders: (locale: Locale = currentLocale()) => ['genders', locale] as const,
  specializations: (locale: Locale = currentLocale()) => ['specializations', locale] as const,
  orders: (customerType: CustomerType, filter: OrderListFilter, page: number, locale: Locale = currentLocale()) =>
    ['orders', customerType, filter, page, locale] as const,
  registry: (registryId: number, locale: Locale = currentLocale()) => ['registry', registryId, locale] as const,
  /** One order by its client-generated id (the payment return page). */
  order: (orderId: string, locale: Locale = currentLocale()) => ['order', orderId, locale] as const,
  /** Its plan: branch hours, preparation memo, results date (the order's own area: dropped with it). */
  orderPlan: (orderId: string, locale: Locale = currentLocale()) => ['order-plan', orderId, locale] as const,
  homeVisitSlots: (settlementId: number, date: string) => ['home-visit-slots', settlementId, date] as const,
  homeVisitTerms: (locale: Locale = currentLocale()) => ['home-visit-terms', locale] as const,
  analysisDynamics: (patientId: number, analysisId: number, locale: Locale = currentLocale()) =>
    ['analysis-dynamics', patientId, analysisId, locale] as const,
  patientRegistries: (
    patientId: number,
    filter: PatientRegistriesFilter,
    page: number,
    locale: Locale = currentLocale(),
  ) => ['patient-registries', patientId, filter, page, locale] as const,
  doctorSpecialization: (locale: Locale = currentLocale()) => ['doctor-specialization', locale] as const,
  doctorManager: (locale: Locale = currentLocale()) => ['doctor-manager', locale] as const,
  notificationSettings: () => ['notification-settings'] as const,
  resultShares: (locale: Locale = currentLocale()) => ['result-shares', locale] as const,
} as const;

export type ApiKeys = typeof apiKeys;
export type ApiKeyArea = ReturnType<ApiKeys[keyof ApiKeys]>[0];

/** Data that belongs to the signed-in user: dropped and refetched when the session changes. */
export const SESSION_AREAS: readonly ApiKeyArea[] = [
  'session',
  'cart',
  'patient-self',
  'wards',
  'doctor-self',
  'doctor-workplaces',
  'current-workplace',
  'orders',
  'registry',
  'analysis-dynamics',
  'patient-registries',
  'doctor-specialization',
  'doctor-manager',
  'order',
  'order-plan',
  'home-visit-slots',
  'notification-settings',
  'result-shares',
];

/**
 * A filter for SWR's `mutate(filter)` matching every key of the areas, in any locale and for any
 * arguments: `mutate(keysOf('cart'))` revalidates every cart entry. SWR hands the filter the original
 * array keys; pages of `useSWRInfinite` lists are matched page by page.
 */
export function keysOf(...areas: ApiKeyArea[]): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && areas.includes(key[0]);
}
