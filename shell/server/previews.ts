// The remotes' previews of their pages (@lab/preview): the server module a remote deploys next to its
// manifest renders the page from the answers this server primed, so the page's content is in the HTML.
// A remote without one, down or failing, gives no preview: the page loads as it always did.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_PREVIEW_FILE, type PagePreviewRequest } from '@lab/preview/src/contract';
import type { PageMeta } from '@lab/ui';
import type { PageRemote } from '../src/features/remotes/headless';
import { PAGE_PREVIEW_STALE_ATTRIBUTE } from '../src/features/remotes/headless';
import { hashSource } from './csp';
import { previewSandbox, type SandboxedModule } from './previewSandbox';

/** How long a remote's manifest and module are used before they are fetched again (a deployment). */
export const REFRESH_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

type Manifest = {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
};

type RemoteServer = { base: string; manifest: Manifest; module: SandboxedModule | null; source: string | null };

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
  const moduleUrl = new URL(PAGE_PREVIEW_FILE, base).href;
  const source = await fetchText(moduleUrl);
  // the same build again: its module is kept, not evaluated a second time; a new one runs sandboxed
  const module = !source
    ? null
    : source === previous?.source
      ? previous.module
      : await previewSandbox.load(moduleUrl, source);
  if (previous?.module && previous.module !== module) previewSandbox.forget(previous.module);
  return { base, manifest, module, source };
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

/** A page's preview: its HTML, the remote's style sheets for it (to put inline) and the page's metadata. */
export type PagePreview = { html: string; css: string; meta: PageMeta | null };

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
 * The module's own style sheets, as the remote built them: in the page itself, so the preview is drawn
 * as the app draws it from the first paint, with no request for a style sheet before it. The shared
 * packages' (@lab/ui) are the shell's: see sharedPackagesCss.
 */
async function moduleCss(remote: RemoteServer, module: string): Promise<string> {
  const css = remote.manifest.exposes?.find((exposed) => exposed.name === module)?.assets?.css;
  const files = [...new Set([...(css?.async ?? []), ...(css?.sync ?? [])])];
  const texts = await Promise.all(files.map((file) => styleSheet(new URL(file, remote.base).href)));
  return texts.join('\n');
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

/** The page's preview by its remote, or null (no module, no preview of that page, an error). */
export async function pagePreview(
  page: PageRemote,
  manifestUrl: string | undefined,
  request: Omit<PagePreviewRequest, 'module' | 'pattern'>,
): Promise<PagePreview | null> {
  if (!manifestUrl) return null;
  const remote = await remoteServer(manifestUrl);
  if (!remote?.module) return null;
  try {
    const rendered = await previewSandbox.render(remote.module, {
      ...request,
      module: page.module,
      pattern: page.path,
    });
    if (!rendered) return null;
    const { html, meta } = typeof rendered === 'string' ? { html: rendered, meta: null } : rendered;
    // what crossed is JSON from code we do not trust: only a page's HTML and plain metadata are taken
    if (typeof html !== 'string' || !html) return null;
    const css = await moduleCss(remote, page.module);
    // a style sheet is put inside <style>: one that could close it is not
    if (/<\/style/i.test(css)) throw new Error('a style sheet contains </style');
    return { html, css, meta: meta && typeof meta === 'object' ? meta : null };
  } catch (error) {
    console.error(`[shell] preview of ${page.remote}/${page.module}:`, error instanceof Error ? error.message : error);
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
