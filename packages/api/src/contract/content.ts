/** Menus and content pages: docs/product.md#entities "Menu", "News item", "Document", equipment; docs/product.md#calls content calls. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { PromoTerms } from './cart';
import {
  CsvIds,
  CsvList,
  DateString,
  DateTimeString,
  Id,
  NoChildren,
  Nullable,
  Page,
  PageIndex,
  PageSize,
  Slug,
} from './common';

// ---- menus

export const MenuType = Type.Union([Type.Literal('header'), Type.Literal('footer')]);
export type MenuType = Static<typeof MenuType>;

/** A menu item; items without a title are not shown, so title may be empty or null. */
export type MenuItem = { title?: string | null; href?: string | null; children?: MenuItem[] };

const menuLevel = <T extends TSchema>(children: T) =>
  Type.Object({
    title: Type.Optional(Nullable(Type.String())),
    href: Type.Optional(Nullable(Type.String())),
    children: Type.Optional(children),
  });
const parentOf = <T extends TSchema>(child: T) => menuLevel(Type.Array(child));

/**
 * Three levels (header dropdown, footer column, link) spelled out instead of a recursive `$ref`,
 * so the schema stays plain; deeper children are rejected by the server.
 */
export const MenuItemSchema = parentOf(parentOf(menuLevel(NoChildren)));

export const Menu = Type.Object({ type: MenuType, items: Type.Array(MenuItemSchema) });
export type Menu = { type: MenuType; items: MenuItem[] };

export const MenusQuery = Type.Object({ types: Type.Optional(CsvList) });
export type MenusQuery = Static<typeof MenusQuery>;
export const MenusResponse = Type.Array(Menu);
export type MenusResponse = Menu[];

// ---- articles (static pages: about, getapp, ...)

export const ArticleParams = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' }),
});
export type ArticleParams = Static<typeof ArticleParams>;

/** Metadata a page sets on navigation (docs/product.md#page-metadata). */
export const Seo = Type.Object({
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  keyWords: Nullable(Type.String()),
});
export type Seo = Static<typeof Seo>;

export const Article = Type.Object({
  id: Id,
  type: Type.String(),
  slug: Slug,
  title: Type.String(),
  /** Trusted HTML from the content editor. */
  content: Type.String(),
  image: Nullable(Type.String()),
  updatedAt: DateTimeString,
  seo: Seo,
});
export type Article = Static<typeof Article>;

// ---- the mobile app (/getapp): its store links from the server's settings, none when there is no app

export const MobileAppStore = Type.Union([Type.Literal('app-store'), Type.Literal('google-play')]);
export type MobileAppStore = Static<typeof MobileAppStore>;

export const MobileAppLink = Type.Object({
  store: MobileAppStore,
  url: Type.String(),
  /** The link as a QR code to scan from a computer's screen: an SVG image as a data: URL. */
  qr: Type.String(),
});
export type MobileAppLink = Static<typeof MobileAppLink>;

export const MobileApp = Type.Object({
  /** The stores the app is in; empty: there is no app to offer (the page says so, menus leave it out). */
  links: Type.Array(MobileAppLink),
});
export type MobileApp = Static<typeof MobileApp>;

// ---- news and promotions

export const NewsType = Type.Union([Type.Literal('news'), Type.Literal('promotion')]);
export type NewsType = Static<typeof NewsType>;

export const NewsItem = Type.Object({
  id: Id,
  slug: Slug,
  type: NewsType,
  title: Type.String(),
  summary: Type.String(),
  image: Nullable(Type.String()),
  publishedAt: DateTimeString,
});
export type NewsItem = Static<typeof NewsItem>;

export const NewsArticle = Type.Composite([
  NewsItem,
  Type.Object({
    content: Type.String(),
    seo: Seo,
    /** The promo code a promotion announces: its days, value and scope come from the code itself. */
    promo: Type.Optional(Nullable(PromoTerms)),
  }),
]);
export type NewsArticle = Static<typeof NewsArticle>;

/** One list call serves both the news page and "similar news" (size=10, types, excludeIds). */
export const NewsListQuery = Type.Object({
  page: Type.Optional(PageIndex),
  size: Type.Optional(PageSize),
  enabled: Type.Optional(Type.Literal(true)),
  sort: Type.Optional(Type.Literal('published-at')),
  'sort-direction': Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  types: Type.Optional(CsvList),
  excludeIds: Type.Optional(CsvIds),
});
export type NewsListQuery = Static<typeof NewsListQuery>;
export const NewsListResponse = Page(NewsItem);
export type NewsListResponse = Static<typeof NewsListResponse>;

export const SlugParams = Type.Object({ slug: Slug });
export type SlugParams = Static<typeof SlugParams>;

// ---- licences and certificates

export const DocumentType = Type.Union([Type.Literal('licence'), Type.Literal('certificate')]);
export type DocumentType = Static<typeof DocumentType>;

export const LabDocument = Type.Object({
  id: Id,
  slug: Slug,
  type: DocumentType,
  title: Type.String(),
  /** Spec "date-of-receiving": when the licence or certificate was granted. */
  dateOfReceiving: DateString,
  image: Nullable(Type.String()),
});
export type LabDocument = Static<typeof LabDocument>;

export const LabDocumentDetail = Type.Composite([
  LabDocument,
  Type.Object({ content: Type.String(), fileUrl: Nullable(Type.String()), seo: Seo }),
]);
export type LabDocumentDetail = Static<typeof LabDocumentDetail>;

export const DocumentsListQuery = Type.Object({
  page: Type.Optional(PageIndex),
  /** docs/product.md#constants: document list default size 8. */
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 8 })),
  enabled: Type.Optional(Type.Literal(true)),
  types: Type.Optional(CsvList),
  excludeIds: Type.Optional(CsvIds),
});
export type DocumentsListQuery = Static<typeof DocumentsListQuery>;
export const DocumentsListResponse = Page(LabDocument);
export type DocumentsListResponse = Static<typeof DocumentsListResponse>;

// ---- equipment

export const Equipment = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  manufacturer: Nullable(Type.String()),
  image: Nullable(Type.String()),
});
export type Equipment = Static<typeof Equipment>;
export const EquipmentResponse = Type.Array(Equipment);
export type EquipmentResponse = Static<typeof EquipmentResponse>;
