// The remotes' builds as the shell's server needs them, fetched from where each remote is deployed and
// kept REFRESH_MS: its pages (pages.json: the prefixes, each route with its files), its page server
// module (run in the sandbox) and its pages' style sheets. A remote that is down, or deployed without
// them, has none: its pages load as they always did, with the site's head. A pinned release's files are
// taken only with their digests (buildIntegrity.ts): a changed byte leaves the remote without a build here.
// Those are read by their digests from the release store first (readReleaseFilesFrom: kept on this instance
// for good), and from the remote's origin when the store has none of them.
import { PAGE_SERVER_FILE, PAGES_FILE, type PageFilesEntry, type PagesManifest } from '@lab/pages/routes';
import type { RemoteIntegrity } from '../src/features/remotes/headless';
import { type BuildDigests, checkFile, fileOf, verifiedDigests } from './buildIntegrity';
import { previewSandbox, type SandboxedModule } from './previewSandbox';

/** How long a remote's manifest and module are used before they are fetched again (a deployment). */
export const REFRESH_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

type Manifest = { metaData?: { publicPath?: string } };

/** A remote's build: where its files are, its pages, its page server module. */
export type RemoteBuild = {
  base: string;
  /** a pinned release's files' digests (its verified manifest's); null: nothing pinned */
  digests: BuildDigests | null;
  pages: PagesManifest | null;
  module: SandboxedModule | null;
  source: string | null;
};

type Entry = { loadedAt: number; loading: Promise<RemoteBuild | null>; value: RemoteBuild | null };

const builds = new Map<string, Entry>();

async function fetchBytes(url: string): Promise<Uint8Array | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const utf8 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

type ReleaseFiles = (digest: string) => Promise<Uint8Array | null>;
let releaseFiles: ReleaseFiles = async () => null;

/** Where a pinned release's files are read by digest first (main.ts: the release store). */
export function readReleaseFilesFrom(read: ReleaseFiles): void {
  releaseFiles = read;
}

/** A pinned file from the release store, else from its address (a store that fails is asked no more this time). */
async function pinnedBytes(url: string, digest: string | undefined): Promise<Uint8Array | null> {
  const stored = digest ? await releaseFiles(digest).catch(() => null) : null;
  return stored ?? fetchBytes(url);
}

/** A file of the build as text: of a pinned build, only with its digest. */
async function buildFile(url: string, base: string, digests: BuildDigests | null): Promise<string | null> {
  const bytes = await pinnedBytes(url, digests?.[fileOf(base, url) ?? '']);
  if (bytes && digests) checkFile(url, bytes, digests[fileOf(base, url) ?? '']);
  return bytes && utf8(bytes);
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

async function load(
  manifestUrl: string,
  pins: RemoteIntegrity | undefined,
  previous: RemoteBuild | null,
): Promise<RemoteBuild | null> {
  const bytes = await pinnedBytes(manifestUrl, pins?.manifest);
  if (!bytes) return null;
  const digests = verifiedDigests(manifestUrl, bytes, pins);
  const manifest = JSON.parse(utf8(bytes)) as Manifest;
  const publicPath = manifest.metaData?.publicPath;
  // 'auto': the remote's files are next to its manifest
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl).href;
  const moduleUrl = new URL(PAGE_SERVER_FILE, base).href;
  const [source, pages] = await Promise.all([
    buildFile(moduleUrl, base, pins?.server ? { ...digests, [PAGE_SERVER_FILE]: pins.server } : digests),
    buildFile(new URL(PAGES_FILE, base).href, base, digests),
  ]);
  // the same build again: its module is kept, not evaluated a second time; a new one runs sandboxed
  const module = !source
    ? null
    : source === previous?.source
      ? previous.module
      : await previewSandbox.load(moduleUrl, source);
  if (previous?.module && previous.module !== module) previewSandbox.forget(previous.module);
  return { base, digests, pages: pagesOf(pages), module, source };
}

/** The remote's build (a pinned release's: checked by its pins), fetched at most once per REFRESH_MS. */
export function remoteBuild(
  manifestUrl: string,
  pins?: RemoteIntegrity,
  now = Date.now(),
): Promise<RemoteBuild | null> {
  const key = `${manifestUrl} ${pins?.manifest ?? ''} ${pins?.server ?? ''}`;
  const cached = builds.get(key);
  if (cached && now - cached.loadedAt < REFRESH_MS) return cached.loading;
  const entry: Entry = { loadedAt: now, value: cached?.value ?? null, loading: Promise.resolve(null) };
  entry.loading = load(manifestUrl, pins, entry.value).then(
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
  builds.set(key, entry);
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
 * build is): what the router loads once React is there. The shell's own pages' are under a path: '/',
 * or its release's (deployment.ts shellBase).
 */
export function pageFiles(base: string, entries: readonly PageFilesEntry[]): { scripts: string[]; styles: string[] } {
  const urls = (files: string[]) => [
    ...new Set(files.map((file) => (base.startsWith('/') ? `${base}${file}` : new URL(file, base).href))),
  ];
  return {
    scripts: urls(entries.flatMap((entry) => entry.scripts)),
    styles: urls(entries.flatMap((entry) => entry.styles)),
  };
}

/** Style sheets by URL whose names carry their content's hash (a production build's): a URL's bytes never change. */
const styleSheets = new Map<string, Promise<Uint8Array>>();
/**
 * Style sheets named without a hash (a dev server's, rewritten with each edit), kept with the build they
 * were read for: read again with the build, each REFRESH_MS, so a reloaded page's preview has the edit.
 */
const buildStyleSheets = new WeakMap<RemoteBuild, Map<string, Promise<Uint8Array>>>();

/** The file name carries its content's hash (`[name].[contenthash:8].css`, packages/config/webpack.cjs). */
const hashedName = (url: string): boolean => /\.[0-9a-f]{8}\.css$/.test(new URL(url).pathname);

/**
 * The page's own style sheets, as the remote built them, for its preview (with the shared packages',
 * the shell's: shellBuild.ts); a pinned release's only with their digests. A style sheet that could
 * close the <style> it is put in is refused.
 */
export async function pageCss(build: RemoteBuild, entries: readonly PageFilesEntry[]): Promise<string> {
  const texts = await Promise.all(
    pageFiles(build.base, entries).styles.map(async (url) => {
      const digest = build.digests?.[fileOf(build.base, url) ?? ''];
      const bytes = (digest ? await releaseFiles(digest).catch(() => null) : null) ?? (await styleSheet(url, build));
      if (build.digests) checkFile(url, bytes, digest);
      return utf8(bytes);
    }),
  );
  const css = texts.join('\n');
  if (/<\/style/i.test(css)) throw new Error('a style sheet contains </style');
  return css;
}

function styleSheet(url: string, build: RemoteBuild): Promise<Uint8Array> {
  let cache = hashedName(url) ? styleSheets : buildStyleSheets.get(build);
  if (!cache) {
    cache = new Map();
    buildStyleSheets.set(build, cache);
  }
  let bytes = cache.get(url);
  if (!bytes) {
    // a missing sheet (a manifest deployed before its files) is asked for again next time
    bytes = fetchBytes(url).then((css) => {
      if (css === null) throw new Error(`${url}: HTTP 404`);
      return css;
    });
    const kept = cache;
    bytes.catch(() => kept.delete(url));
    cache.set(url, bytes);
  }
  return bytes;
}

/** Forgets the loaded builds and style sheets (tests). */
export function forgetRemoteBuilds() {
  builds.clear();
  styleSheets.clear();
}
