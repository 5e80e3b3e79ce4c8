/** Menus, articles (static pages), news, licences/certificates and equipment. */
import type {
  Article,
  DocumentType,
  Equipment,
  LabDocument,
  LabDocumentDetail,
  Menu,
  MenuItem,
  MenuType,
  NewsArticle,
  NewsItem,
  NewsType,
  Seo,
} from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { localized, type PageOf, type PageRequest, pageOf, pageOffset } from './sql';

/** Menus are spelled out three levels deep in the contract; deeper items are not sent. */
export const MENU_DEPTH = 3;
const MENU_ORDER: readonly MenuType[] = ['header', 'footer'];

type MenuRow = { type: MenuType; id: number; parentId: number | null; title: string | null; href: string | null };

function seoColumns(locale: Locale, alias: string): string {
  return `${localized(`${alias}.seo_title`, locale)} AS "seoTitle",
          ${localized(`${alias}.seo_description`, locale)} AS "seoDescription",
          ${localized(`${alias}.seo_keywords`, locale)} AS "seoKeywords"`;
}

type SeoRow = { seoTitle: string | null; seoDescription: string | null; seoKeywords: string | null };

function seoOf(row: SeoRow): Seo {
  return { title: row.seoTitle, description: row.seoDescription, keyWords: row.seoKeywords };
}

/** Items without a title are dropped with their children (docs/product.md#menus). */
function buildMenuItems(rows: MenuRow[], parentId: number | null, depth: number): MenuItem[] {
  return rows
    .filter((row) => row.parentId === parentId && row.title !== null && row.title.trim() !== '')
    .map((row) => {
      const children = depth < MENU_DEPTH ? buildMenuItems(rows, row.id, depth + 1) : [];
      return { title: row.title, href: row.href, children };
    });
}

export interface NewsListFilter extends PageRequest {
  readonly types: readonly NewsType[];
  readonly excludeIds: readonly number[];
  readonly direction: 'asc' | 'desc';
}

export interface DocumentsListFilter extends PageRequest {
  readonly types: readonly DocumentType[];
  readonly excludeIds: readonly number[];
}

export function createContentRepository(db: Queryable) {
  return {
    /** The enabled menus of the given types (all when none), in the order header, footer. */
    async menus(types: readonly MenuType[] | null, locale: Locale): Promise<Menu[]> {
      const menus = await db.query<{ id: number; type: MenuType }>(
        'SELECT id, type FROM menus WHERE enabled AND ($1::text[] IS NULL OR type = ANY($1::text[]))',
        [types && [...types]],
      );
      if (menus.length === 0) return [];
      const rows = await db.query<MenuRow>(
        `SELECT m.type, i.id, i.parent_id AS "parentId", ${localized('i.title', locale)} AS title, i.href
           FROM menu_items i JOIN menus m ON m.id = i.menu_id
          WHERE i.enabled AND m.id = ANY($1::int[])
          ORDER BY i.sort_order, i.id`,
        [menus.map((menu) => menu.id)],
      );
      return MENU_ORDER.filter((type) => menus.some((menu) => menu.type === type)).map((type) => ({
        type,
        items: buildMenuItems(
          rows.filter((row) => row.type === type),
          null,
          1,
        ),
      }));
    },

    /** The first enabled article of a type (about, getapp ...), or null. */
    async articleByType(type: string, locale: Locale): Promise<Article | null> {
      const row = await db.maybeOne<Omit<Article, 'seo'> & SeoRow>(
        `SELECT a.id, a.type, a.slug, ${localized('a.title', locale)} AS title,
                ${localized('a.content', locale)} AS content, a.image, a.updated_at AS "updatedAt",
                ${seoColumns(locale, 'a')}
           FROM articles a
          WHERE a.type = $1 AND a.enabled
          ORDER BY a.sort_order, a.id
          LIMIT 1`,
        [type],
      );
      if (!row) return null;
      const { seoTitle, seoDescription, seoKeywords, ...article } = row;
      return { ...article, seo: seoOf({ seoTitle, seoDescription, seoKeywords }) };
    },

    async newsList(filter: NewsListFilter, locale: Locale): Promise<PageOf<NewsItem>> {
      const where = `n.enabled
        AND (cardinality($1::text[]) = 0 OR n.type = ANY($1::text[]))
        AND NOT (n.id = ANY($2::int[]))`;
      const params = [[...filter.types], [...filter.excludeIds]];
      const { total } = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM news n WHERE ${where}`,
        params,
      );
      const direction = filter.direction === 'asc' ? 'ASC' : 'DESC';
      const content = await db.query<NewsItem>(
        `SELECT n.id, n.slug, n.type, ${localized('n.title', locale)} AS title,
                ${localized('n.summary', locale)} AS summary, n.image, n.published_at AS "publishedAt"
           FROM news n
          WHERE ${where}
          ORDER BY n.published_at ${direction}, n.id ${direction}
          LIMIT $3 OFFSET $4`,
        [...params, filter.size, pageOffset(filter.page, filter.size)],
      );
      return pageOf(content, total, filter);
    },

    async newsBySlug(slug: string, locale: Locale): Promise<NewsArticle | null> {
      const row = await db.maybeOne<Omit<NewsArticle, 'seo'> & SeoRow>(
        `SELECT n.id, n.slug, n.type, ${localized('n.title', locale)} AS title,
                ${localized('n.summary', locale)} AS summary, n.image, n.published_at AS "publishedAt",
                ${localized('n.content', locale)} AS content, ${seoColumns(locale, 'n')}
           FROM news n
          WHERE n.slug = $1 AND n.enabled`,
        [slug],
      );
      if (!row) return null;
      const { seoTitle, seoDescription, seoKeywords, ...item } = row;
      return { ...item, seo: seoOf({ seoTitle, seoDescription, seoKeywords }) };
    },

    async equipment(locale: Locale): Promise<Equipment[]> {
      return db.query<Equipment>(
        `SELECT e.id, ${localized('e.title', locale)} AS title, ${localized('e.description', locale)} AS description,
                e.manufacturer, e.image
           FROM equipment e
          WHERE e.enabled
          ORDER BY e.sort_order, e.id`,
      );
    },

    /** Newest first (date of receiving). */
    async documentsList(filter: DocumentsListFilter, locale: Locale): Promise<PageOf<LabDocument>> {
      const where = `d.enabled
        AND (cardinality($1::text[]) = 0 OR d.type = ANY($1::text[]))
        AND NOT (d.id = ANY($2::int[]))`;
      const params = [[...filter.types], [...filter.excludeIds]];
      const { total } = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM documents d WHERE ${where}`,
        params,
      );
      const content = await db.query<LabDocument>(
        `SELECT d.id, d.slug, d.type, ${localized('d.title', locale)} AS title,
                d.date_of_receiving AS "dateOfReceiving", d.image
           FROM documents d
          WHERE ${where}
          ORDER BY d.date_of_receiving DESC, d.sort_order, d.id DESC
          LIMIT $3 OFFSET $4`,
        [...params, filter.size, pageOffset(filter.page, filter.size)],
      );
      return pageOf(content, total, filter);
    },

    async documentBySlug(slug: string, locale: Locale): Promise<LabDocumentDetail | null> {
      const row = await db.maybeOne<Omit<LabDocumentDetail, 'seo'> & SeoRow>(
        `SELECT d.id, d.slug, d.type, ${localized('d.title', locale)} AS title,
                d.date_of_receiving AS "dateOfReceiving", d.image,
                ${localized('d.content', locale)} AS content, d.file_url AS "fileUrl", ${seoColumns(locale, 'd')}
           FROM documents d
          WHERE d.slug = $1 AND d.enabled`,
        [slug],
      );
      if (!row) return null;
      const { seoTitle, seoDescription, seoKeywords, ...document } = row;
      return { ...document, seo: seoOf({ seoTitle, seoDescription, seoKeywords }) };
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
