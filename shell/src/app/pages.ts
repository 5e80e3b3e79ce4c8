// The shell's own pages (docs/product.md#routes), routes like a remote's (@lab/pages): one table with their
// crumbs, heads, headings and data, which the browser's router mounts (routes.tsx) and the shell's server
// describes in its own process (shell/server/shellPages.ts). The home page's code is part of the shell's
// start (an eager import: no request of its own), the others' load when first shown; the server reads
// this table without loading any of it.
import { type Article, type LabDocumentDetail, type NewsArticle, reads, type SettlementsListResponse } from '@lab/api';
import { type PageContext, type PageHandle, type PageRoute, publicRead } from '@lab/pages/routes';
import type { PageMeta } from '@lab/ui';

const NS = 'shell';

/** Articles are addressed by one slug (about, getapp, a contract ...); a deeper path is no article. */
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A content page's head from its API answer (its SEO fields first). */
const seoHead = (
  item: { title: string; seo: { title: string | null; description: string | null; keyWords: string | null } },
  fallback?: string,
): PageMeta => ({
  title: item.seo.title ?? item.title,
  description: item.seo.description ?? fallback,
  keyWords: item.seo.keyWords ?? undefined,
});

/** A page whose texts are the shell's own: its crumb, title and description, and its crumb as its heading. */
function listPage(key: 'contacts' | 'news' | 'documents' | 'equipment'): PageHandle {
  return {
    ns: NS,
    crumbs: [{ path: '', labelKey: `crumbs.${key}` }],
    head: ({ t }) => ({ title: t(`${key}.title`), description: t(`${key}.description`) }),
    heading: ({ t }) => t(`crumbs.${key}`),
  };
}

/** An article of the API, by its type: its head, and a 404 when the API does not know it. */
function articlePage(type: (context: PageContext) => string | null, crumb?: string): PageHandle {
  const article = (context: PageContext) => {
    const name = type(context);
    return name ? context.answer<Article>(reads.article(name, context.locale).key) : undefined;
  };
  return {
    ns: NS,
    ...(crumb && { crumbs: [{ path: '', labelKey: crumb }] }),
    data: (context) => {
      const name = type(context);
      return name ? [publicRead(reads.article(name, context.locale))] : [];
    },
    head: (context) => {
      const found = article(context);
      if (found === null) return { title: context.t('notFound.title') };
      return found ? seoHead(found) : {};
    },
    notFound: (context) => article(context) === null,
    // its body is HTML of its own, which no first view draws
    answersStayOut: true,
  };
}

const newsItem = ({ params, locale, answer }: PageContext) =>
  params.slug ? answer<NewsArticle>(reads.newsItem(params.slug, locale).key) : undefined;

const labDocument = ({ params, locale, answer }: PageContext) =>
  params.slug ? answer<LabDocumentDetail>(reads.document(params.slug, locale).key) : undefined;

export const shellRoutes: readonly PageRoute[] = [
  {
    id: 'shell/home',
    index: true,
    lazy: () => import(/* webpackMode: "eager" */ '../features/home').then((m) => ({ Component: m.HomePage })),
    handle: {
      ns: NS,
      head: () => ({ organization: true }),
      // the home page's one claim, from the city list every page has (HomePage draws the same)
      heading: ({ t, answer, locale }) => {
        const list = answer<SettlementsListResponse>(reads.settlements(locale).key);
        return list
          ? t('home.title', { branches: list.branchCount, cities: list.settlements.length })
          : t('home.titlePlain');
      },
    },
  },
  {
    id: 'shell/contacts',
    path: 'contacts',
    lazy: () =>
      import(/* webpackChunkName: "page-contacts" */ '../features/contacts').then((m) => ({
        Component: m.ContactsPage,
      })),
    handle: listPage('contacts'),
  },
  {
    id: 'shell/news',
    path: 'news',
    lazy: () =>
      import(/* webpackChunkName: "page-news" */ '../features/news').then((m) => ({ Component: m.NewsListPage })),
    handle: listPage('news'),
  },
  {
    id: 'shell/news-item',
    path: 'news/:slug',
    lazy: () =>
      import(/* webpackChunkName: "page-news" */ '../features/news').then((m) => ({ Component: m.NewsItemPage })),
    handle: {
      ns: NS,
      crumbs: [
        { path: '', labelKey: 'crumbs.newsItem', id: 'news-item', label: (context) => newsItem(context)?.title },
      ],
      data: ({ params, locale }) => (params.slug ? [publicRead(reads.newsItem(params.slug, locale))] : []),
      head: (context) => {
        const item = newsItem(context);
        if (!item) return {};
        const structuredData = [
          {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: item.title,
            datePublished: item.publishedAt,
            description: item.summary,
          },
        ];
        return { ...seoHead(item, item.summary), structuredData };
      },
      heading: (context) => newsItem(context)?.title,
      notFound: (context) => newsItem(context) === null,
      answersStayOut: true,
    },
  },
  {
    id: 'shell/documents',
    path: 'documents',
    lazy: () =>
      import(/* webpackChunkName: "page-documents" */ '../features/documents').then((m) => ({
        Component: m.DocumentsPage,
      })),
    handle: listPage('documents'),
  },
  {
    id: 'shell/document',
    path: 'documents/:slug',
    lazy: () =>
      import(/* webpackChunkName: "page-documents" */ '../features/documents').then((m) => ({
        Component: m.DocumentPage,
      })),
    handle: {
      ns: NS,
      crumbs: [
        { path: '', labelKey: 'crumbs.document', id: 'document', label: (context) => labDocument(context)?.title },
      ],
      data: ({ params, locale }) => (params.slug ? [publicRead(reads.document(params.slug, locale))] : []),
      head: (context) => {
        const found = labDocument(context);
        return found ? seoHead(found) : {};
      },
      heading: (context) => labDocument(context)?.title,
      notFound: (context) => labDocument(context) === null,
      answersStayOut: true,
    },
  },
  {
    id: 'shell/equipment',
    path: 'equipment',
    lazy: () =>
      import(/* webpackChunkName: "page-equipment" */ '../features/equipment').then((m) => ({
        Component: m.EquipmentPage,
      })),
    handle: listPage('equipment'),
  },
  {
    id: 'shell/about',
    path: 'about',
    lazy: () =>
      import(/* webpackChunkName: "page-content" */ '../features/content').then((m) => ({ Component: m.AboutPage })),
    handle: articlePage(() => 'about', 'crumbs.about'),
  },
  {
    id: 'shell/getapp',
    path: 'getapp',
    lazy: () =>
      import(/* webpackChunkName: "page-getapp" */ '../features/getapp').then((m) => ({ Component: m.GetAppPage })),
    // the article and the store links the page draws with it (none: no app to offer)
    handle: {
      ...articlePage(() => 'getapp', 'crumbs.getapp'),
      data: ({ locale }) => [publicRead(reads.article('getapp', locale)), publicRead(reads.mobileApp())],
    },
  },
  {
    id: 'shell/not-found',
    path: '404',
    lazy: () =>
      import(/* webpackChunkName: "page-not-found" */ '../features/not-found').then((m) => ({
        Component: m.NotFoundPage,
      })),
    handle: { ns: NS, head: ({ t }) => ({ title: t('notFound.title') }) },
  },
  {
    // content pages by slug, a remote that could not be loaded, and the not-found view for the rest
    id: 'shell/content',
    path: '*',
    lazy: () =>
      import(/* webpackChunkName: "page-content" */ '../features/content').then((m) => ({ Component: m.ContentRoute })),
    handle: articlePage(({ params }) => {
      const slug = params['*'] ?? '';
      return ARTICLE_SLUG.test(slug) ? slug : null;
    }),
  },
];
