// The remotes' builds as the shell's server needs them, fetched from where each remote is deployed and
// kept REFRESH_MS: its pages (pages.json: the prefixes, each route with its files), its page server
// module (run in the sandbox) and its pages' style sheets. A remote that is down, or deployed without
// them, has none: its pages load as they always did, with the site's head.
import { PAGE_SERVER_FILE, PAGES_FILE, type PageFilesEntry, type PagesManifest } from '@lab/pages/routes';
import { previewSandbox, type SandboxedModule } from './previewSandbox';

/** How long a remote's manifest and module are used before they are fetched again (a deployment). */
export const REFRESH_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

type Manifest = { metaData?: { publicPath?: string } };

/** A remote's build: where its files are, its pages, its page server module. */
export type RemoteBuild = {
  base: string;
  pages: PagesManifest | null;
  module: SandboxedModule | null;
  source: string | null;
};

type Entry = { loadedAt: number; loading: Promise<RemoteBuild | null>; value: RemoteBuild | null };

const builds = new Map<string, Entry>();

async function fetchText(url: string): Promise<string | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** pages.json as far as it has the expected shape (the remote's build is not the shell's to trust). */
function pagesOf(text: string | null): PagesManifest | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as Partial<PagesManifest> | null;
  if (!parsed || !Array.isArray(parsed.routes)) return null;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
  const entry = (value: PageFilesEntry): PageFilesEntry | null => {
    if (!value || typeof value.id !== 'string') return null;
    const children = Array.isArray(value.children) ? value.children.map(entry).filter((child) => child !== null) : [];
    return {
      id: value.id,
      ...(value.index === true ? { index: true as const } : typeof value.path === 'string' ? { path: value.path } : {}),
      scripts: strings(value.scripts),
      styles: strings(value.styles),
      ...(children.length ? { children } : {}),
    };
  };
  return { prefixes: strings(parsed.prefixes), routes: parsed.routes.map(entry).filter((route) => route !== null) };
}

async function load(manifestUrl: string, previous: RemoteBuild | null): Promise<RemoteBuild | null> {
  const text = await fetchText(manifestUrl);
  if (!text) return null;
  const manifest = JSON.parse(text) as Manifest;
  const publicPath = manifest.metaData?.publicPath;
  // 'auto': the remote's files are next to its manifest
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl).href;
  const moduleUrl = new URL(PAGE_SERVER_FILE, base).href;
  const [source, pages] = await Promise.all([fetchText(moduleUrl), fetchText(new URL(PAGES_FILE, base).href)]);
  // the same build again: its module is kept, not evaluated a second time; a new one runs sandboxed
  const module = !source
    ? null
    : source === previous?.source
      ? previous.module
      : await previewSandbox.load(moduleUrl, source);
  if (previous?.module && previous.module !== module) previewSandbox.forget(previous.module);
  return { base, pages: pagesOf(pages), module, source };
}

/** The remote's build, fetched at most once per REFRESH_MS. */
export function remoteBuild(manifestUrl: string, now = Date.now()): Promise<RemoteBuild | null> {
  const cached = builds.get(manifestUrl);
  if (cached && now - cached.loadedAt < REFRESH_MS) return cached.loading;
  const entry: Entry = { loadedAt: now, value: cached?.value ?? null, loading: Promise.resolve(null) };
  entry.loading = load(manifestUrl, entry.value).then(
    (value) => {
      entry.value = value;
      return value;
    },
    (error: unknown) => {
      console.error('[shell] remote build:', error instanceof Error ? error.message : error);
      entry.value = null;
      return null;
    },
  );
  builds.set(manifestUrl, entry);
  return entry.loading;
}

/** The entries of the matched routes in a build's pages.json, parent first. */
export function matchedEntries(pages: PagesManifest, ids: readonly string[]): PageFilesEntry[] {
  const all: PageFilesEntry[] = [];
  const walk = (entries: readonly PageFilesEntry[]) => {
    for (const entry of entries) {
      all.push(entry);
      walk(entry.children ?? []);
    }
  };
  walk(pages.routes);
  return ids.map((id) => all.find((entry) => entry.id === id)).filter((entry) => entry !== undefined);
}

/**
 * A page's own scripts and style sheets by address (its routes' files, relative to `base`, where its
 * build is): what the router loads once React is there. The shell's own pages' are under '/'.
 */
export function pageFiles(base: string, entries: readonly PageFilesEntry[]): { scripts: string[]; styles: string[] } {
  const urls = (files: string[]) => [
    ...new Set(files.map((file) => (base === '/' ? `/${file}` : new URL(file, base).href))),
  ];
  return {
    scripts: urls(entries.flatMap((entry) => entry.scripts)),
    styles: urls(entries.flatMap((entry) => entry.styles)),
  };
}

/** Style sheets by URL: their names carry their content's hash, so a URL's text never changes. */
const styleSheets = new Map<string, Promise<string>>();

/**
 * The page's own style sheets, as the remote built them, for its preview (with the shared packages',
 * the shell's: shellBuild.ts). A style sheet that could close the <style> it is put in is refused.
 */
export async function pageCss(build: RemoteBuild, entries: readonly PageFilesEntry[]): Promise<string> {
  const texts = await Promise.all(pageFiles(build.base, entries).styles.map(styleSheet));
  const css = texts.join('\n');
  if (/<\/style/i.test(css)) throw new Error('a style sheet contains </style');
  return css;
}

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

/** Forgets the loaded builds and style sheets (tests). */
export function forgetRemoteBuilds() {
  builds.clear();
  styleSheets.clear();
}
