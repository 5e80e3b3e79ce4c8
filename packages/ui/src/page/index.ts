export { setBreadcrumbLabel, useBreadcrumbLabel, useBreadcrumbLabels } from './breadcrumbLabels';
export {
  collectPageMeta,
  getPageMeta,
  type PageMeta,
  pageOrigin,
  setPageMeta,
  subscribePageMeta,
  useCurrentPageMeta,
  usePageMeta,
} from './pageMeta';
