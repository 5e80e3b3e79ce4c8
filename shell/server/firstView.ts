// The page's first view in the HTML itself: the header bar and the page's heading, styled by an inline
// sheet (the design tokens plus a few rules mirroring the app's header and hero; allowed by its hash in
// the CSP). The visitor reads the heading while the JavaScript loads; React's first render replaces
// the whole frame in one commit, so nothing on screen moves (no layout shift), it is only redrawn.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LOCALE, type Locale, localizePath } from '@lab/i18n';
import {
  PAGE_FRAME,
  PAGE_HEADING_ONLY,
  PAGE_PREVIEW_ATTRIBUTE,
  PAGE_PREVIEW_STALE_ATTRIBUTE,
} from '../src/features/remotes/headless';
import { escapeHtml } from '../src/features/seo/headless';
import { SEARCH_TAP, STANDIN_ICONS } from '../src/features/taps/headless';
import { hashSource } from './csp';
import { shellTexts } from './shellPages';

/** Marks the frame, so that tests and the bench can tell it from the app's own first render. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

const tokens = readFileSync(join(__dirname, '..', '..', 'packages', 'ui', 'src', 'tokens.css'), 'utf8');

// the same measures as Header.module.css, Layout.module.css, Breadcrumbs.module.css and HomePage.module.css
const rules = `
.fv-header{position:sticky;top:0;background:var(--color-surface);border-bottom:1px solid var(--color-border);box-shadow:var(--shadow-sm)}
.fv-bar{display:flex;align-items:center;gap:var(--space-3);max-width:var(--container-max);min-height:64px;margin:0 auto;padding:var(--space-2) var(--space-4)}
.fv-burger{width:40px;height:40px;border:1px solid var(--color-border);border-radius:var(--radius-md)}
.fv-logo{display:inline-flex;align-items:center;gap:var(--space-2);color:var(--color-text);text-decoration:none;font-weight:var(--font-weight-bold)}
.fv-mark{display:inline-grid;place-items:center;width:36px;height:36px;border-radius:var(--radius-md);background:var(--color-primary);color:var(--color-on-primary);font-size:var(--font-size-xl);line-height:1}
.fv-menu{display:none;min-height:calc(40px + var(--space-2))}
.fv-actions{--fv-profile:102px;margin-left:auto;display:flex;align-items:center;gap:var(--space-2)}
.fv-action{display:inline-grid;place-items:center;width:40px;height:40px;padding:0;border:1px solid var(--color-border);border-radius:var(--radius-pill);background:var(--color-surface);color:var(--color-text);cursor:pointer}
.fv-profile{width:var(--fv-profile)}
.fv-lang{width:77px}
.fv-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
[data-tap-pending]{cursor:progress}
.fv-action[data-tap-pending]{border-color:var(--color-primary);color:var(--color-primary)}
[data-first-view] button[data-tap-pending]:not(.fv-action),[data-page-preview] button[data-tap-pending]{opacity:.75}
.fv-crumbs{margin-bottom:var(--space-4);font-size:var(--font-size-sm)}
.fv-crumbs ol{display:flex;flex-wrap:wrap;gap:var(--space-1);margin:0;padding:0;list-style:none}
.fv-crumbs li:not(:last-child)::after{content:"/";margin-left:var(--space-1);color:var(--color-text-muted)}
.fv-crumbs a{color:var(--color-link)}
.fv-crumbs span{color:var(--color-text-muted)}
[${PAGE_PREVIEW_STALE_ATTRIBUTE}] [${PAGE_PREVIEW_ATTRIBUTE}]{visibility:hidden}
.fv-main{min-height:100vh;max-width:var(--container-max);margin:0 auto;padding:var(--space-6) var(--space-4)}
.fv-hero{padding:var(--space-7) var(--space-5);border-radius:var(--radius-lg);background:var(--color-primary-subtle)}
.fv-title{margin:0 0 var(--space-3);font-size:var(--font-size-2xl);line-height:var(--line-height-tight);color:var(--color-text)}
.fv-page{margin:0}
.fv-lead{margin:0;max-width:48rem;font-size:var(--font-size-md);color:var(--color-text-muted)}
@media (min-width:1024px){.fv-menu{display:block}.fv-burger{display:none}.fv-home .fv-title{font-size:var(--font-size-3xl)}}
@media (max-width:576px){.fv-bar{min-height:92px;align-items:flex-start}.fv-actions{--fv-profile:40px}.fv-lang{display:none}.fv-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}}
`;

export const firstViewCss = `${tokens}\n${rules}`;

/** For the CSP's style-src: the inline sheet is allowed by its hash, nothing else inline is. */
export const firstViewStyleHash = hashSource(firstViewCss);

export type FirstView = {
  siteName: string;
  /** the header's search button and cart link, as the app's stand-ins draw them (features/taps) */
  actions: { search: string; cart: string; cartHref: string };
  /** the page's own heading, when the server knows it (home, a category, an analysis, an article) */
  heading: string | null;
  lead?: string;
  home: boolean;
  homeHref: string;
  /**
   * a remote page's heading (its route's handle) when it has no preview: drawn at the size of every
   * page's heading (tokens.css h1) and kept by the app as the page's placeholder (pagePreview.ts) until
   * the remote draws the same heading, so the largest paint is this one
   */
  pageHeading?: string;
  /** the remote's preview of its page (HTML rendered by its own components), heading included */
  previewHtml?: string;
  /** that HTML is the page's frame (nothing of a city or of the visitor), not a first visit's page */
  previewFrame?: boolean;
  /** the page's breadcrumbs as the app shows them (links localized), none on the home page */
  crumbs?: { label: string; trail: readonly { label: string; href: string }[] };
};

function renderCrumbs({ label, trail }: NonNullable<FirstView['crumbs']>): string {
  if (trail.length < 2) return '';
  const items = trail.map(({ label: text, href }, index) =>
    index === trail.length - 1
      ? `<li><span aria-current="page">${escapeHtml(text)}</span></li>`
      : `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`,
  );
  return `<nav class="fv-crumbs" aria-label="${escapeHtml(label)}"><ol>${items.join('')}</ol></nav>`;
}

/**
 * The search button keeps its tap for the app (features/taps/capture.ts); the cart is a plain link. Both
 * where the app draws them: room is left for the profile menu and the language switch that follow.
 */
function renderActions({ search, cart, cartHref }: FirstView['actions']): string {
  const icon = (name: keyof typeof STANDIN_ICONS) =>
    `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">${STANDIN_ICONS[name]}</svg>`;
  return (
    `<div class="fv-actions"><button type="button" class="fv-action" aria-label="${escapeHtml(search)}" aria-haspopup="dialog" data-tap="${SEARCH_TAP}">${icon('search')}</button>` +
    `<a class="fv-action" href="${escapeHtml(cartHref)}">${icon('cart')}<span class="fv-hidden">${escapeHtml(cart)}</span></a>` +
    `<span class="fv-profile"></span><span class="fv-lang"></span></div>`
  );
}

export function renderFirstView({
  siteName,
  actions,
  heading,
  lead,
  home,
  homeHref,
  pageHeading,
  previewHtml,
  previewFrame,
  crumbs,
}: FirstView): string {
  const title = heading ? `<h1 class="fv-title">${escapeHtml(heading)}</h1>` : '';
  const leadHtml = lead ? `<p class="fv-lead">${escapeHtml(lead)}</p>` : '';
  const content = previewHtml
    ? // its links work; a tap on a marked control is kept for the app, another button says it is busy
      // (features/taps/capture.ts, inline in the head)
      `<div ${PAGE_PREVIEW_ATTRIBUTE}${previewFrame ? `="${PAGE_FRAME}"` : ''}>${previewHtml}</div>`
    : home
      ? `<section class="fv-hero">${title}${leadHtml}</section>`
      : pageHeading
        ? `<div ${PAGE_PREVIEW_ATTRIBUTE}="${PAGE_HEADING_ONLY}"><h1 class="fv-page">${escapeHtml(pageHeading)}</h1></div>`
        : title;
  return (
    `<div class="fv${home ? ' fv-home' : ''}" ${FIRST_VIEW_ATTRIBUTE}>` +
    `<header class="fv-header"><div class="fv-bar"><span class="fv-burger"></span><a class="fv-logo" href="${escapeHtml(homeHref)}">` +
    `<span class="fv-mark" aria-hidden="true">+</span><span class="fv-name">${escapeHtml(siteName)}</span></a>${renderActions(actions)}</div>` +
    `<div class="fv-menu"></div></header><main class="fv-main">${crumbs && !home ? renderCrumbs(crumbs) : ''}${content}</main></div>`
  );
}

/** What the first view of a page shows, as the describe stage found it. */
export type FirstViewInput = {
  /** without the locale prefix */
  path: string;
  locale: Locale;
  /** the page's heading (its route's) */
  heading: string | null;
  /** the page's code is a remote's, loaded after the start-up: its slot keeps the heading until it draws */
  kept: boolean;
  notFound: boolean;
  crumbs: readonly { label: string; link: string }[];
  /** the page drawn (a first visit's preview, or a frame) */
  drawn?: { html: string; frame: boolean } | null;
};

/**
 * The header and, where the server knows it, the page's heading, or the page as drawn (its own heading
 * included): what React's first render replaces.
 */
export function firstView({ path, locale, heading, kept, notFound, crumbs, drawn }: FirstViewInput): string {
  const t = shellTexts(locale);
  const home = path === '/';
  return renderFirstView({
    siteName: t('siteName'),
    actions: { search: t('standIn.search'), cart: t('nav.cart'), cartHref: localizePath('/cart', locale) },
    heading: notFound || kept ? null : heading,
    pageHeading: home || notFound || !kept ? undefined : (heading ?? undefined),
    lead: home ? t('home.lead') : undefined,
    previewHtml: drawn?.html,
    previewFrame: drawn?.frame,
    // a missing page's trail is not the app's (it shows the not-found view)
    crumbs: notFound
      ? undefined
      : {
          label: t('crumbs.label'),
          trail: crumbs.map(({ label, link }) => ({ label, href: localizePath(link, locale) })),
        },
    home,
    homeHref: locale === FALLBACK_LOCALE ? '/' : `/${locale}`,
  });
}
