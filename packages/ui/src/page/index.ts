export { setBreadcrumbLabel, useBreadcrumbLabel, useBreadcrumbLabels } from './breadcrumbLabels';
export {
  getPageMeta,
  type PageMeta,
  setPageMeta,
  setRouteMeta,
  subscribePageMeta,
  useCurrentPageMeta,
  usePageMeta,
} from './pageMeta';
