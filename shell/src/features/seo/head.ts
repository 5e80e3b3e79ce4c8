import { type Locale, languageTag, localizePath } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';

/**
 * The <head> of a page (docs/product.md#page-metadata), as plain data: the browser applies it on
 * every navigation and the shell's server renders it into the HTML that crawlers read.
 */
export type HeadTags = {
  title: string;
  htmlLang: string;
  baseHref: string;
  meta: { name?: string; property?: string; content: string }[];
  links: { rel: string; href: string; hreflang?: string }[];
  jsonLd: Record<string, unknown>[];
};

export type SiteFacts = {
  /** the public URL setting, else the page origin; no trailing slash */
  publicUrl: string;
  siteName: string;
  /** the default site label, when a page sets no title */
  defaultTitle: string;
  defaultDescription: string;
  ogImage: string;
  telephone: string;
};

export type HeadInput = {
  meta: PageMeta;
  /** the path without locale prefix */
  path: string;
  locale: Locale;
  crumbs: readonly { label: string; link: string }[];
  site: SiteFacts;
};

const absolute = (site: SiteFacts, path: string) => `${site.publicUrl}${path === '/' ? '' : path}` || site.publicUrl;

export function buildHead({ meta, path, locale, crumbs, site }: HeadInput): HeadTags {
  const title = meta.title ? `${meta.title} | ${site.siteName}` : site.defaultTitle;
  const description = meta.description ?? site.defaultDescription;
  const canonical = absolute(site, localizePath(path, locale));
  const tags: HeadTags = {
    title,
    htmlLang: languageTag(locale),
    baseHref: '/',
    meta: [
      { name: 'description', content: description },
      ...(meta.keyWords ? [{ name: 'keywords', content: meta.keyWords }] : []),
      { property: 'og:site_name', content: site.siteName },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: meta.og?.title ?? meta.title ?? site.defaultTitle },
      { property: 'og:description', content: meta.og?.description ?? description },
      { property: 'og:url', content: meta.og?.url ?? canonical },
      { property: 'og:image', content: meta.og?.image ?? `${site.publicUrl}${site.ogImage}` },
      { property: 'og:locale', content: locale === 'ua' ? 'uk_UA' : 'ru_UA' },
    ],
    links: [
      { rel: 'canonical', href: canonical },
      { rel: 'alternate', hreflang: 'uk', href: absolute(site, localizePath(path, 'ua')) },
      { rel: 'alternate', hreflang: 'ru', href: absolute(site, localizePath(path, 'ru')) },
      { rel: 'alternate', hreflang: 'x-default', href: absolute(site, localizePath(path, 'ua')) },
    ],
    jsonLd: [],
  };
  if (meta.organization) {
    tags.jsonLd.push(
      {
        '@context': 'https://schema.org',
        '@type': 'MedicalOrganization',
        name: site.siteName,
        url: site.publicUrl,
        logo: `${site.publicUrl}${site.ogImage}`,
        telephone: site.telephone,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.siteName,
        url: site.publicUrl,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${absolute(site, localizePath('/search', locale))}?query={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    );
  }
  if (crumbs.length) {
    tags.jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: absolute(site, localizePath(crumb.link, locale)),
      })),
    });
  }
  if (meta.structuredData) tags.jsonLd.push(...meta.structuredData);
  return tags;
}

/** Text or an attribute value inside HTML. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: `</script>` and friends must not end the element early. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/** The managed part of <head> as HTML, for the server-rendered page. */
export function renderHeadHtml(tags: HeadTags): string {
  const attribute = (name: string, value: string | undefined) => (value ? ` ${name}="${escapeHtml(value)}"` : '');
  return [
    `<title data-head>${escapeHtml(tags.title)}</title>`,
    `<base href="${escapeHtml(tags.baseHref)}" data-head>`,
    ...tags.meta.map(
      (tag) =>
        `<meta${attribute('name', tag.name)}${attribute('property', tag.property)} content="${escapeHtml(tag.content)}" data-head>`,
    ),
    ...tags.links.map(
      (link) =>
        `<link rel="${link.rel}"${attribute('hreflang', link.hreflang)} href="${escapeHtml(link.href)}" data-head>`,
    ),
    ...tags.jsonLd.map((data) => `<script type="application/ld+json" data-head>${safeJson(data)}</script>`),
  ].join('\n    ');
}

/** Replaces the managed part of the document's <head> (elements marked data-head). */
export function applyHead(tags: HeadTags, doc: Document): void {
  doc.documentElement.lang = tags.htmlLang;
  for (const element of doc.head.querySelectorAll('[data-head], title')) element.remove();
  const template = doc.createElement('template');
  template.innerHTML = renderHeadHtml(tags);
  // scripts parsed through a template stay inert (JSON-LD is data, so that is what we want)
  doc.head.append(...Array.from(template.content.childNodes).filter((node) => node.nodeType === Node.ELEMENT_NODE));
}
