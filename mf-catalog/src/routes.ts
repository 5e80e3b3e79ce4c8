// The catalogue's pages (docs/product.md#routes): its subtree of the site's routes, exposed as `./routes`. Its
// build lists their prefixes and files (pages.json), the shell mounts them under those prefixes, and its
// server module describes them with the same objects (server.tsx). A new page is a new route here and
// its component, nothing in the shell.
import {
  CATEGORY_PAGE_SIZE,
  findGroup,
  groupListFilter,
  reads,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_TYPES,
  type ServiceGroupTreeResponse,
  type ServiceInfo,
} from '@lab/api';
import { localizePath } from '@lab/i18n';
import { type DataCall, type PageContext, type PageRoute, publicRead } from '@lab/pages/routes';
import { catalogueHead, categoryHead } from './features/catalogue/headless';
import { searchHead } from './features/search/headless';
import { serviceHead } from './features/service/headless';

import { NAMESPACE as NS } from './i18n';

export { textsReady } from './i18n';

const treeCall = ({ locale }: PageContext): DataCall => publicRead(reads.serviceGroupTree(locale));

/** The category of the address, once the tree is there: undefined before, null when there is none. */
function category(context: PageContext) {
  const tree = context.answer<ServiceGroupTreeResponse>(treeCall(context).key);
  return tree ? findGroup(tree, context.params.slug ?? '') : tree === null ? null : undefined;
}

function serviceCall({ params, settlementId, locale }: PageContext): DataCall | null {
  if (!params.slug || settlementId == null) return null;
  return publicRead(reads.serviceBySlug(params.slug, settlementId, locale));
}

function service(context: PageContext): ServiceInfo | null | undefined {
  const call = serviceCall(context);
  return call ? context.answer<ServiceInfo>(call.key) : undefined;
}

const query = (context: PageContext) => (context.query.get('query') ?? '').trim();

export const routes: readonly PageRoute[] = [
  {
    id: 'mf_catalog/catalogue',
    path: 'analyzes',
    lazy: () =>
      import(/* webpackChunkName: "page-catalogue" */ './exposed/CataloguePage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.catalogue' }],
      data: (context) => [treeCall(context)],
      head: (context) => catalogueHead(context.t),
      heading: (context) => context.t('catalogue.title'),
      preview: true,
    },
  },
  {
    id: 'mf_catalog/category',
    path: 'analyzes/:slug',
    lazy: () =>
      import(/* webpackChunkName: "page-category" */ './exposed/CategoryPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      crumbs: [
        { path: '', labelKey: 'crumbs.category', id: 'category', label: (context) => category(context)?.node.title },
      ],
      data: (context) => {
        const found = category(context);
        // the category's first page, as the catalogue asks for it before the visitor narrows the list
        if (!found || context.settlementId == null) return [treeCall(context)];
        const filter = groupListFilter(found.node, context.settlementId);
        return [treeCall(context), publicRead(reads.serviceList(filter, CATEGORY_PAGE_SIZE, 0, context.locale))];
      },
      head: (context) => categoryHead(context.t, category(context)),
      heading: (context) => category(context)?.node.title,
      notFound: (context) => category(context) === null,
      preview: true,
    },
  },
  {
    id: 'mf_catalog/service',
    path: 'analysis/:slug',
    lazy: () =>
      import(/* webpackChunkName: "page-service" */ './exposed/ServicePage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.service', id: 'service', label: (context) => service(context)?.title }],
      data: (context) => [serviceCall(context)].filter((call) => call !== null),
      head: (context) =>
        serviceHead(
          context.t,
          service(context),
          `${context.origin}${localizePath(`/analysis/${context.params.slug ?? ''}`, context.locale)}`,
        ),
      heading: (context) => service(context)?.title,
      notFound: (context) => service(context) === null,
      preview: true,
    },
  },
  {
    id: 'mf_catalog/search',
    path: 'search',
    lazy: () =>
      import(/* webpackChunkName: "page-search" */ './exposed/SearchPage').then((page) => ({
        Component: page.default,
      })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'crumbs.search' }],
      data: (context) => {
        if (!query(context) || context.settlementId == null) return [];
        const options = { types: SEARCH_PAGE_TYPES, size: SEARCH_PAGE_SIZE };
        return [publicRead(reads.search(query(context), context.settlementId, options, context.locale))];
      },
      head: (context) => searchHead(context.t, query(context)),
      preview: true,
    },
  },
];
