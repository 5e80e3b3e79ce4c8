import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  earlyCallsScript,
  PRIMED_ANSWERS_ELEMENT_ID,
  type PrimedAnswer,
  type SessionInfo,
  type SettlementsListResponse,
} from '@lab/api';
import { FALLBACK_LOCALE, type Locale, localeFromPath, localizePath, stripLocale } from '@lab/i18n';
import { compressFor } from '@lab/serve';
import ru from '../src/app/locales/ru.json';
import ua from '../src/app/locales/ua.json';
// the pure modules only: the features' index files pull in React components and CSS
import { buildTrail, CRUMBS, type CrumbDefinition } from '../src/features/breadcrumbs/headless';
import {
  manifestOf,
  manifests,
  REMOTES_MAP_ELEMENT_ID,
  REMOTES_ON_DEMAND,
  type RemotesMap,
  remoteOfSegment,
} from '../src/features/remotes/headless';
import { buildHead, escapeHtml, renderHeadHtml, type SiteFacts } from '../src/features/seo/headless';
import { primedAnswers, renderPrimedAnswers, visitorSession } from './answers';
import { contentSecurityPolicy, hashSource } from './csp';
import { visitorCookies } from './deployment';
import { firstViewCss, firstViewStyleHash, renderFirstView } from './firstView';
import { apiFetcher, type Fetch, firstSettlementId, type PageData, pageData, settlementsUrl } from './pageData';
import {
  type DescribedPage,
  describeRemotePage,
  previewGuardScript,
  sharedPackagesCss,
  styleAttributeSources,
} from './previews';
import { startAfterFirstPaint } from './startup';

const texts = { ua, ru } as const;

type Options = {
  root: string;
  publicUrl: string | null;
  remotesMap: RemotesMap;
  remoteHints: boolean;
  /** development: the webpack-dev-servers the page's hot updates come from */
  devOrigins?: readonly string[];
  /** the API's origin, the only one a remote's page may have this server ask */
  apiBase: string;
};

let template: { html: string; file: string; mtimeMs: number } | null = null;

/** index.html as built; read again when a deployment replaces it. */
async function indexHtml(root: string): Promise<string> {
  const file = join(root, 'index.html');
  const { mtimeMs } = await stat(file);
  if (!template || template.file !== file || template.mtimeMs !== mtimeMs) {
    template = { html: await readFile(file, 'utf8'), file, mtimeMs };
  }
  return template.html;
}

function lookup(source: unknown, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], source);
  return typeof value === 'string' ? value : key;
}

function site(locale: Locale, origin: string): SiteFacts {
  const t = (key: string) => lookup(texts[locale], key);
  return {
    publicUrl: origin,
    siteName: t('siteName'),
    defaultTitle: t('seo.defaultTitle'),
    defaultDescription: t('seo.defaultDescription'),
    ogImage: '/og-image.png',
    telephone: '0 800 102021',
  };
}

/**
 * A remote's page's own scripts and style sheets, asked for with the start-up's files: the router loads
 * them only once React and the router have arrived and run, a round trip after them on a phone's line
 * (README "Performance"). On a page drawn from its HTML they wait for its first frame with the rest.
 */
function pageHints(described: DescribedPage | null, notFound: boolean): string {
  if (!described || notFound) return '';
  const { scripts, styles } = described.assets;
  const tags = [
    ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    ...styles.map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}">`),
  ];
  return tags.map((tag) => `\n    ${tag}`).join('');
}

/** A navigation to a page of the app (not a file, not the API). */
export function isPageRequest(request: IncomingMessage, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) return false;
  return true;
}

/**
 * Serves the shell's page with the head crawlers need (title, description, canonical, og tags,
 * structured data) rendered from the API's data, so a crawler that runs no JavaScript sees them.
 */
export async function renderPage(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  options: Options,
) {
  const locale = localeFromPath(pathname);
  const path = stripLocale(pathname);
  const origin = options.publicUrl ?? `http://${request.headers.host ?? 'localhost'}`;
  const get = apiFetcher(locale);
  const { search } = new URL(request.url ?? '/', 'http://localhost');
  // the canary bucket (deployment.ts) is no sign of an earlier visit: that visitor still gets a preview
  const guest = visitorCookies(request.headers.cookie) === '';
  const first = path.split('/')[1] ?? '';
  const remote = remoteOfSegment(options.remotesMap, first);
  let data: PageData | null = null;
  let described: DescribedPage | null = null;
  let answers: PrimedAnswer[] = [];
  // a returning visitor's session, asked while the page's data is (a first visit's is primed as a guest's)
  const session = guest ? null : visitorSession(request);
  try {
    if (remote) {
      // a remote's page reads what every page reads too, a returning visitor's session included (which
      // profiles it has: a page's frame is drawn for them): it is described with those answers
      const [shared, visitor] = await Promise.all([primedAnswers({ path, locale, guest }, get), session]);
      const known = visitor ? [...shared, visitor] : shared;
      described = await describePage(remote, `${path}${search}`, locale, guest, origin, get, options, known);
      answers = [...shared, ...(described?.answers ?? [])];
    } else {
      const routed = routedSegments(options.remotesMap);
      [data, answers] = await Promise.all([
        pageData(path, locale, routed, get),
        primedAnswers({ path, locale, guest }, get),
      ]);
    }
  } catch (error) {
    // the API is down or slow: the page still works, its head falls back to the defaults
    console.error('[shell] page data:', error instanceof Error ? error.message : error);
  }
  const sessionAnswer = await session;
  if (sessionAnswer) answers.push(sessionAnswer);
  const notFound = described?.notFound ?? data?.notFound ?? false;
  // a first visit's page for a guest; a page's frame (nothing of the visitor) for anyone
  const preview =
    described?.preview && (guest || described.preview.frame) && !notFound
      ? await guardedPreview(described.preview, get, options)
      : null;
  // the same answer the page's primed settlements carry: one request per page
  const network = path === '/' ? await networkFigures(get) : null;
  const t = (key: string) => lookup(texts[locale], key);
  // the shell's own crumbs, and a remote page's from its routes (labels in the page's locale)
  const definitions: CrumbDefinition[] = [
    ...CRUMBS,
    ...(described?.crumbs ?? []).map(({ pattern, label, id }) => ({ pattern, labelKey: label, ns: REMOTE_LABEL, id })),
  ];
  const crumbs = buildTrail(
    path,
    definitions,
    (definition) =>
      definition.ns === REMOTE_LABEL
        ? definition.labelKey
        : (definition.id && data?.crumbLabels[definition.id]) || t(definition.labelKey),
    { label: t('crumbs.home'), link: '/' },
  );
  // a remote's page says its own title, description and structured data (its route's handle); the
  // API's data of the shell's own pages, or the site's defaults
  const meta = described?.meta ?? data?.meta ?? (path === '/' ? { organization: true } : {});
  // a signed-in visitor's page starts its personal GETs itself, before its scripts (@lab/api early.ts)
  const signedIn = (sessionAnswer?.data as SessionInfo | undefined)?.canLogin === false;
  const early =
    signedIn && described?.personal.length && !notFound ? earlyCallsScript(described.personal, locale) : null;
  const head = renderHeadHtml(buildHead({ meta, path, locale, crumbs, site: site(locale, origin) }));
  const page = (await indexHtml(options.root))
    .replace(/<html lang="[^"]*">/, `<html lang="${locale === FALLBACK_LOCALE ? 'uk' : 'ru'}">`)
    // the build's placeholder head (marked data-head) gives way to the page's own
    .replace(/<title data-head>[\s\S]*?<\/title>/g, '')
    .replace(/<meta[^>]*\bdata-head\b[^>]*>/g, '')
    // inserted by functions: in a replacement string `$&`, `$'` and `` $` `` would be patterns, and the
    // inserted texts carry what a visitor typed (the search query in the primed answers)
    .replace(
      '</head>',
      () =>
        `    ${head}\n    <style>${firstViewCss}</style>\n    ${options.remoteHints ? remoteHints(options.remotesMap) + pageHints(described, notFound) : ''}${early ? `<script>${early}</script>` : ''}${previewHead(preview)}\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${firstView(path, locale, { data, heading: described?.heading ?? null, notFound }, crumbs, preview ?? undefined, network)}</div>`,
    )
    .replace('</body>', () => `${renderPrimedAnswers(answers, PRIMED_ANSWERS_ELEMENT_ID)}</body>`);
  // the home page's hero and a previewed page are drawn from the HTML alone: the scripts can wait a frame
  const drawnFromHtml = preview !== null || path === '/';
  const { html, scriptSource } = drawnFromHtml ? startAfterFirstPaint(page) : { html: page, scriptSource: null };
  // the page carries the API's answers and, with a preview, its content and style: 100 KB before compression
  const { body, encoding } = await compressFor(Buffer.from(html), request.headers['accept-encoding']);
  response.writeHead(notFound ? 404 : 200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    // a returning visitor gets no preview, a canary visitor other remotes: the page depends on cookies
    vary: 'accept-encoding, cookie',
    // a returning visitor's page carries their session's answer: no shared cache keeps it
    'cache-control': sessionAnswer ? 'private, no-cache' : 'no-cache',
    'content-security-policy': contentSecurityPolicy(
      Object.values(manifests(options.remotesMap)),
      [
        firstViewStyleHash,
        ...(preview?.css ? [hashSource(preview.css)] : []),
        ...(preview ? styleAttributeSources(preview.html) : []),
      ],
      [
        ...(preview?.guard ? [hashSource(preview.guard)] : []),
        ...(scriptSource ? [scriptSource] : []),
        ...(early ? [hashSource(early)] : []),
      ],
      options.devOrigins,
    ),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * The shell's own pages whose heading is their crumb's label, so the server knows it without the API;
 * `firstView.test.ts` holds the texts equal. A remote's page names its heading in its route's handle.
 */
export const HEADED_BY_CRUMB: readonly string[] = ['/contacts', '/news', '/documents', '/equipment'];

/** Marks a crumb whose label a remote's server module already wrote in the page's locale. */
const REMOTE_LABEL = '#remote';

/** The first segments the client routes to a remote: never content pages. */
function routedSegments(map: RemotesMap): ReadonlySet<string> {
  return new Set(
    Object.values(map).flatMap((declaration) => (typeof declaration === 'string' ? [] : (declaration.routes ?? []))),
  );
}

/**
 * A remote's page described by the remote (previews.ts): prices, and a first visit's preview, are for
 * the first (largest) city, the one a browser without cookies gets.
 */
async function describePage(
  remote: string,
  url: string,
  locale: Locale,
  guest: boolean,
  origin: string,
  get: Fetch,
  { remotesMap, apiBase }: Options,
  shared: readonly PrimedAnswer[],
): Promise<DescribedPage | null> {
  const declaration = remotesMap[remote];
  const settlementId = await firstSettlementId(get);
  return describeRemotePage(
    remote,
    (declaration && manifestOf(declaration)) ?? undefined,
    { url, locale, origin, settlementId, preview: guest, stored: settlementId == null ? {} : { cityId: settlementId } },
    get,
    apiBase,
    shared,
  );
}

/** The preview with the shared packages' styles, and the script that hides it from a returning browser. */
async function guardedPreview(
  preview: NonNullable<DescribedPage['preview']>,
  get: Fetch,
  { root }: Options,
): Promise<GuardedPreview | null> {
  // the shared packages' styles first, as the page loads them: the remote's own rules come after
  const css = [await sharedPackagesCss(root), preview.css].filter(Boolean).join('\n');
  // a frame assumes nothing stored: it needs no guard
  if (preview.frame) return { html: preview.html, css, guard: null, frame: true };
  const cityId = await firstSettlementId(get);
  if (cityId == null) return null;
  return { html: preview.html, css, guard: previewGuardScript(cityId), frame: false };
}

/** A preview with the script that hides it from a browser that stored other values (previews.ts). */
type GuardedPreview = { html: string; css: string; guard: string | null; frame: boolean };

/** The network's size as the city list answers it: the home page's one claim (HomePage draws the same). */
export type NetworkFigures = { branches: number; cities: number };

function homeTitle(t: (key: string) => string, network: NetworkFigures | null): string {
  if (!network) return t('home.titlePlain');
  return t('home.title')
    .replace('{{branches}}', String(network.branches))
    .replace('{{cities}}', String(network.cities));
}

async function networkFigures(get: Fetch): Promise<NetworkFigures | null> {
  const list = await get<SettlementsListResponse>(settlementsUrl()).catch(() => null);
  return list ? { branches: list.branchCount, cities: list.settlements.length } : null;
}

/** The preview's guard script and the remote's style sheets for the page, inline (allowed by their hash). */
function previewHead(preview: GuardedPreview | null): string {
  if (!preview) return '';
  const guard = preview.guard ? `\n    <script>${preview.guard}</script>` : '';
  return `${guard}${preview.css ? `\n    <style>${preview.css}</style>` : ''}`;
}

/**
 * The header and, where the server knows it, the page's heading, or the remote's preview of the page
 * (its own heading included): what React's first render replaces.
 */
export function firstView(
  path: string,
  locale: Locale,
  page: { data: PageData | null; heading: string | null; notFound: boolean },
  crumbs: readonly { label: string; link: string }[] = [],
  preview?: { html: string; frame: boolean },
  network?: NetworkFigures | null,
): string {
  const t = (key: string) => lookup(texts[locale], key);
  const home = path === '/';
  const { data, notFound } = page;
  const known = data && !data.notFound ? Object.values(data.crumbLabels).at(-1) : undefined;
  const fromCrumb = HEADED_BY_CRUMB.includes(path.replace(/\/+$/, '')) ? crumbs.at(-1)?.label : undefined;
  return renderFirstView({
    siteName: t('siteName'),
    heading: home ? homeTitle(t, network ?? null) : notFound ? null : (known ?? fromCrumb ?? null),
    pageHeading: home || notFound ? undefined : (page.heading ?? undefined),
    lead: home ? t('home.lead') : undefined,
    previewHtml: preview?.html,
    previewFrame: preview?.frame,
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

/**
 * Every page mounts the remotes of its header (all but REMOTES_ON_DEMAND), so their first requests can
 * start with the page's own: the remotes map inline (a JSON block, not a script: the CSP holds; the
 * shell reads it instead of fetching /remotes.json), connections to the remotes' origins, and their
 * manifests preloaded (the runtime fetches them with CORS). Not the entries: Chromium hands a failed
 * script preload to the later <script> too, so a slot's retry after its remote was down would fail
 * again (isolation journey).
 */
export function remoteHints(remotesMap: RemotesMap): string {
  const json = JSON.stringify(remotesMap).replace(/</g, '\\u003c');
  const hints = [`<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">${json}</script>`];
  const atStart = Object.entries(manifests(remotesMap))
    .filter(([name]) => !REMOTES_ON_DEMAND.includes(name))
    .map(([, manifest]) => manifest);
  for (const origin of new Set(atStart.map((url) => new URL(url).origin))) {
    hints.push(`<link rel="preconnect" href="${origin}">`, `<link rel="preconnect" href="${origin}" crossorigin>`);
  }
  for (const manifest of atStart) {
    hints.push(`<link rel="preload" as="fetch" href="${escapeHtml(new URL(manifest).href)}" crossorigin>`);
  }
  return hints.join('\n    ');
}
