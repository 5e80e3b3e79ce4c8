export { setBreadcrumbLabel, useBreadcrumbLabel, useBreadcrumbLabels } from './breadcrumbLabels';
export {
  getPageMeta,
  type PageMeta,
  setPageMeta,
  subscribePageMeta,
  useCurrentPageMeta,
  usePageMeta,
} from './pageMeta';
