export { announceCart, announceSession, requestSignIn } from './announce';
export { type ApiKeyArea, type ApiKeys, apiKeys, keysOf, SESSION_AREAS } from './keys';
export {
  earlyCallsScript,
  PRIMED_ANSWERS_ELEMENT_ID,
  type PrimedAnswer,
  primeAnswers,
  primedEntries,
  readPrimedAnswers,
  startPageData,
} from './pageData';
export type { PagedList } from './paged';
export { usePendingCartAdds } from './pendingCart';
export { type ApiRead, fetchRead, isGet, readPath, reads, readUrl, type SearchOptions } from './reads';
export { type ApiKey, type ApiResponse, useApiSWR } from './swr';
export { type CartState, useCart } from './useCart';
export { useHomeVisitSlots, useHomeVisitTerms, useOrder, useOrderPlan } from './useCheckout';
export {
  useArticle,
  useDocument,
  useDocuments,
  useEquipment,
  useMenus,
  useMobileApp,
  useNewsItem,
  useNewsList,
  useSimilarDocuments,
  useSimilarNews,
} from './useContent';
export { type CurrentCart, cartCount, headerCartCount, unavailableOf, useCurrentCart } from './useCurrentCart';
export { useDoctorManager } from './useDoctorManager';
export { useAppConfiguration, useGenders, useSpecializations } from './useReference';
export {
  PATIENT_REGISTRIES_PAGE_SIZE,
  useAnalysisDynamics,
  useNotificationSettings,
  useOrders,
  usePatientRegistries,
  useRegistry,
  useResultShares,
} from './useResults';
export {
  DROPDOWN_SEARCH_TYPES,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_TYPES,
  useSearch,
} from './useSearch';
export {
  usePopularServices,
  useServiceBySlug,
  useServiceGroupTree,
  useServiceList,
  useServicePackages,
} from './useServices';
export {
  type Session,
  useActsAsDoctor,
  useCurrentWorkplace,
  useDoctorSelf,
  useDoctorSpecialization,
  useDoctorWorkplaces,
  usePatientSelf,
  useSession,
  useWards,
} from './useSession';
export { useSettlementBranches, useSettlements } from './useSettlements';
export { useVisitorCart, type VisitorCart } from './useVisitorCart';
