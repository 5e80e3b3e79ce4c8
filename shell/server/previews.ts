// The remotes' pages on the shell's server (@lab/pages): the server module a remote deploys next to its
// manifest describes a page of its subtree from its own route objects: the API calls the page's first
// render makes (this server makes them and primes the page with the answers), its crumbs, head and
// heading, and for a first visit the page rendered, so its content is in the HTML. A remote without
// one, down or failing, gives no description: the page loads as it always did, with the site's head.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrimedAnswer } from '@lab/api';
import {
  PAGE_SERVER_FILE,
  type PrimeCall,
  type RemotePage,
  type RemotePageCrumb,
  type RemotePageRequest,
} from '@lab/pages/routes';
import type { PageMeta } from '@lab/ui';
import { PAGE_PREVIEW_STALE_ATTRIBUTE } from '../src/features/remotes/headless';
import { hashSource } from './csp';
import { previewSandbox, type SandboxedModule } from './previewSandbox';

/** How long a remote's manifest and module are used before they are fetched again (a deployment). */
export const REFRESH_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

type Manifest = { metaData?: { publicPath?: string } };

/** A remote's pages' style sheets or scripts by route (`category`: the route `mf_catalog/category`), from its build. */
type PageFiles = Record<string, string[]>;

type RemoteServer = {
  base: string;
  manifest: Manifest;
  pageStyles: PageFiles | null;
  pageScripts: PageFiles | null;
  module: SandboxedModule | null;
  source: string | null;
};

/** Where a remote's build lists its pages' style sheets and scripts (packages/config/webpack.cjs PageFilesPlugin). */
const PAGE_STYLES_FILE = 'page-styles.json';
const PAGE_SCRIPTS_FILE = 'page-scripts.json';

type Entry = { loadedAt: number; loading: Promise<RemoteServer | null>; value: RemoteServer | null };

const remotes = new Map<string, Entry>();

async function fetchText(url: string): Promise<string | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function load(manifestUrl: string, previous: RemoteServer | null): Promise<RemoteServer | null> {
  const text = await fetchText(manifestUrl);
  if (!text) return null;
  const manifest = JSON.parse(text) as Manifest;
  const publicPath = manifest.metaData?.publicPath;
  // 'auto': the remote's files are next to its manifest
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl).href;
  const moduleUrl = new URL(PAGE_SERVER_FILE, base).href;
  // a build before page-scripts.json lists no scripts: its pages' code is asked for as before
  const [source, styles, scripts] = await Promise.all([
    fetchText(moduleUrl),
    fetchText(new URL(PAGE_STYLES_FILE, base).href),
    fetchText(new URL(PAGE_SCRIPTS_FILE, base).href).catch(() => null),
  ]);
  const pageStyles = styles ? (JSON.parse(styles) as PageFiles) : null;
  const pageScripts = scripts ? (JSON.parse(scripts) as PageFiles) : null;
  // the same build again: its module is kept, not evaluated a second time; a new one runs sandboxed
  const module = !source
    ? null
    : source === previous?.source
      ? previous.module
      : await previewSandbox.load(moduleUrl, source);
  if (previous?.module && previous.module !== module) previewSandbox.forget(previous.module);
  return { base, manifest, pageStyles, pageScripts, module, source };
}

/** The remote's manifest and preview module, fetched at most once per REFRESH_MS. */
function remoteServer(manifestUrl: string, now = Date.now()): Promise<RemoteServer | null> {
  const cached = remotes.get(manifestUrl);
  if (cached && now - cached.loadedAt < REFRESH_MS) return cached.loading;
  const entry: Entry = { loadedAt: now, value: cached?.value ?? null, loading: Promise.resolve(null) };
  entry.loading = load(manifestUrl, entry.value).then(
    (value) => {
      entry.value = value;
      return value;
    },
    (error: unknown) => {
      console.error('[shell] preview module:', error instanceof Error ? error.message : error);
      entry.value = null;
      return null;
    },
  );
  remotes.set(manifestUrl, entry);
  return entry.loading;
}

/** Style sheets by URL: their names carry their content's hash, so a URL's text never changes. */
const styleSheets = new Map<string, Promise<string>>();

function styleSheet(url: string): Promise<string> {
  let text = styleSheets.get(url);
  if (!text) {
    // a missing sheet (a manifest deployed before its files) is asked for again next time
    text = fetchText(url).then((css) => {
      if (css === null) throw new Error(`${url}: HTTP 404`);
      return css;
    });
    text.catch(() => styleSheets.delete(url));
    styleSheets.set(url, text);
  }
  return text;
}

/**
 * The page's own style sheets, as the remote built them: in the page itself, so the preview is drawn as
 * the app draws it from the first paint, with no request for a style sheet before it. The remote's build
 * lists them by route (page-styles.json: the chunk group `page-<route>` of its routes.ts, shared chunks
 * included). The shared packages' (@lab/ui) are the shell's: see sharedPackagesCss.
 */
async function pageCss(remote: RemoteServer, routeId: string): Promise<string | null> {
  const listed = pageFiles(remote.pageStyles, routeId);
  // a page whose style sheets are not listed would be drawn unstyled: no preview then
  if (!listed) return null;
  const texts = await Promise.all([...new Set(listed)].map((file) => styleSheet(new URL(file, remote.base).href)));
  return texts.join('\n');
}

/** A route's files as its remote's build listed them; null when not listed. */
function pageFiles(files: PageFiles | null, routeId: string): string[] | null {
  const listed = files?.[routeId.split('/').at(-1) ?? ''];
  return Array.isArray(listed) && listed.every((file) => typeof file === 'string') ? listed : null;
}

/** The page's own scripts and style sheets by address: what the router loads once React is there. */
function pageAssets(remote: RemoteServer, routeId: string): DescribedPage['assets'] {
  const urls = (files: PageFiles | null) => [
    ...new Set((pageFiles(files, routeId) ?? []).map((file) => new URL(file, remote.base).href)),
  ];
  return { scripts: urls(remote.pageScripts), styles: urls(remote.pageStyles) };
}

type ShellManifest = { shared?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[] };

let shellStyles: { mtimeMs: number; css: Promise<string> } | null = null;

/**
 * The style sheets of the shared packages the shell provides (@lab/ui's tokens and components), from
 * the shell's own build: a remote consumes the shell's copy and builds none, and a preview renders
 * those packages' class names. Read again when a deployment replaces the shell's manifest.
 */
export async function sharedPackagesCss(root: string): Promise<string> {
  const file = join(root, 'mf-manifest.json');
  // no manifest (a build without federation): no shared packages to style
  const mtimeMs = await stat(file).then(
    (stats) => stats.mtimeMs,
    () => null,
  );
  if (mtimeMs === null) return '';
  if (shellStyles?.mtimeMs !== mtimeMs) {
    const css = readFile(file, 'utf8').then(async (text) => {
      const { shared = [] } = JSON.parse(text) as ShellManifest;
      const files = shared.flatMap(({ assets }) => [...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])]);
      const texts = await Promise.all([...new Set(files)].map((name) => readFile(join(root, name), 'utf8')));
      return texts.join('\n');
    });
    shellStyles = { mtimeMs, css };
    css.catch(() => {
      shellStyles = null;
    });
  }
  return shellStyles.css;
}

/** Rounds of calls a page may ask for before it is described with what there is (tree, then list). */
export const MAX_ROUNDS = 3;

/** A call of the API as the shell's server makes it: a GET, or a POST of `body`; null for 404. */
export type ApiGet = <T>(url: string, body?: object) => Promise<T | null>;

/** What a remote's page is, as the shell's server uses it. */
export type DescribedPage = {
  notFound: boolean;
  meta: PageMeta | null;
  heading: string | null;
  crumbs: RemotePageCrumb[];
  /**
   * the page rendered for a first visit, or its frame for anyone (`frame`), with the remote's style
   * sheets for it (to put inline)
   */
  preview: { html: string; css: string; frame: boolean } | null;
  /** the answers the page's first render reads beyond those the shell primed, for the page's SWR cache */
  answers: PrimedAnswer[];
  /** the page's own code by address (its build's page-scripts.json and page-styles.json) */
  assets: { scripts: string[]; styles: string[] };
  /** the page's personal GETs as paths of the site's own API (`/api/private/...`), for a signed-in visitor's HTML to start */
  personal: string[];
};

/**
 * A call the remote's module asks for, as a URL of the API: only a path under /api/ of the API's own
 * origin (the module is code from whoever can write to the remote's origin: no other address is asked).
 */
function apiUrl(call: PrimeCall, apiBase: string): string | null {
  if (typeof call?.url !== 'string' || !Array.isArray(call.key) || typeof call.key[0] !== 'string') return null;
  if (call.body !== undefined && (typeof call.body !== 'object' || call.body === null)) return null;
  const base = new URL(apiBase);
  const url = new URL(call.url, base);
  if (url.origin !== base.origin || !url.pathname.startsWith('/api/') || url.pathname.includes('..')) return null;
  return url.href;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A personal GET the browser is to make, as a path of the site's own API: a path under /api/ with no
 * body (the module is code from whoever can write to the remote's origin: no other address is started).
 */
function personalPath(call: PrimeCall): string | null {
  if (typeof call?.url !== 'string' || call.body !== undefined || !call.url.startsWith('/api/')) return null;
  const site = 'http://site.invalid';
  const url = new URL(call.url, site);
  if (url.origin !== site || !url.pathname.startsWith('/api/') || url.pathname.includes('..')) return null;
  return `${url.pathname}${url.search}`;
}

/** What crossed from the sandbox is JSON from code we do not trust: only the expected shapes are taken. */
function checked(
  page: RemotePage,
  answers: PrimedAnswer[],
  css: string | null,
  assets: DescribedPage['assets'],
): DescribedPage {
  const crumbs = Array.isArray(page.crumbs)
    ? page.crumbs
        .filter((crumb) => text(crumb?.pattern)?.startsWith('/') && text(crumb.label))
        .map(({ pattern, label, id }) => ({ pattern, label, ...(text(id) ? { id } : {}) }))
    : [];
  const html = text(page.html);
  return {
    notFound: page.notFound === true,
    meta: page.meta && typeof page.meta === 'object' && !Array.isArray(page.meta) ? page.meta : null,
    heading: text(page.heading),
    crumbs,
    preview: html && css !== null ? { html, css, frame: page.frame === true } : null,
    answers,
    assets,
    personal: Array.isArray(page.personal)
      ? [...new Set(page.personal.map(personalPath).filter((path) => path !== null))]
      : [],
  };
}

/**
 * A page of a remote's subtree described by the remote's server module: the module names the calls
 * its first render makes (in rounds: a category needs the tree before its list), this server makes
 * them, and the module describes the page from the answers. Null: no module, no such route, an error.
 */
export async function describeRemotePage(
  remote: string,
  manifestUrl: string | undefined,
  request: Omit<RemotePageRequest, 'answers' | 'final'>,
  get: ApiGet,
  apiBase: string,
  primed: readonly PrimedAnswer[] = [],
): Promise<DescribedPage | null> {
  if (!manifestUrl) return null;
  const server = await remoteServer(manifestUrl);
  if (!server?.module) return null;
  // what the shell primes for every page (the city list, a guest's session ...) the page reads too
  const answers: { key: PrimedAnswer['key']; data: unknown }[] = [...primed];
  const asked = new Set<string>(primed.map((answer) => JSON.stringify(answer.key)));
  try {
    for (let round = 0; round <= MAX_ROUNDS; round += 1) {
      const result = await previewSandbox.describe(server.module, { ...request, answers, final: round === MAX_ROUNDS });
      if (!result || typeof result !== 'object') return null;
      if (result.kind === 'page') {
        const drawn = result.html && (request.preview || result.frame === true);
        const css = drawn ? await pageCss(server, String(result.route)) : null;
        // a style sheet is put inside <style>: one that could close it is not
        if (css && /<\/style/i.test(css)) throw new Error('a style sheet contains </style');
        const own = answers.slice(primed.length).filter((answer) => answer.data != null) as PrimedAnswer[];
        return checked(result, own, css, pageAssets(server, String(result.route)));
      }
      const calls = (Array.isArray(result.calls) ? result.calls : [])
        .map((call) => ({ call, url: apiUrl(call, apiBase) }))
        .filter(({ call, url }) => url !== null && !asked.has(JSON.stringify(call.key)));
      // nothing new to ask (a call failed before): the page is described with what there is
      if (!calls.length) round = MAX_ROUNDS - 1;
      await Promise.all(
        calls.map(async ({ call, url }) => {
          asked.add(JSON.stringify(call.key));
          // a failed call is left out: the page asks for it in the browser (and reports it)
          const data = await get(url as string, call.body).then(
            (value) => ({ value }),
            () => null,
          );
          if (data) answers.push({ key: call.key, data: data.value });
        }),
      );
    }
    return null;
  } catch (error) {
    console.error(`[shell] page of ${remote}:`, error instanceof Error ? error.message : error);
    return null;
  }
}

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The CSP sources that allow the preview's style attributes (a skeleton's size, a list's height), each
 * value by its hash: React sets them through the DOM, but in the HTML they are inline styles.
 */
export function styleAttributeSources(html: string): string[] {
  const values = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sstyle="([^"]*)"/g)) {
    values.add(value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => entities[entity] ?? entity));
  }
  if (!values.size) return [];
  const hashes = [...values].map(hashSource);
  return ["'unsafe-hashes'", ...hashes];
}

/**
 * A preview shows a first visit: the first city, no cart, not a doctor. A guest has no cookie either
 * way, so a returning one is told by what the browser stored: this script, in the head, marks the page
 * before anything is drawn when the stored city is another or a cart or a role is stored, and the
 * preview is hidden (and not kept by the app) instead of showing other prices or an empty cart.
 */
export function previewGuardScript(cityId: number): string {
  return (
    `(function(){try{var s=window.localStorage,c=s.getItem('cityId');` +
    `if((c!==null&&c.replace(/"/g,'')!=='${cityId}')||s.getItem('cartId')!==null||s.getItem('doctor')!==null)` +
    `document.documentElement.setAttribute('${PAGE_PREVIEW_STALE_ATTRIBUTE}','')}catch(e){}})()`
  );
}

/** Forgets the loaded modules and style sheets (tests). */
export function forgetPreviewModules() {
  remotes.clear();
  styleSheets.clear();
}
