// What the shell's own build tells its server (packages/config/webpack.cjs): the document's skeleton
// (index.html), the files every page starts with (startup.json: the entry and the chunks it needs at
// once), its own pages' files (pages.json), and the style sheets of the shared packages it provides.
// Each read again when a deployment replaces it: the server follows the shell's live release without a
// restart.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGES_FILE, type PagesManifest } from '@lab/pages/routes';
import { matchedEntries, pageFiles } from './remoteBuilds';

/**
 * startup.json: the scripts that start the page, the files to ask for with them, and whether the build
 * loads its files only by their digests (then the page's tags carry them too: digests.ts).
 */
export type StartupFiles = {
  scripts: string[];
  preloads: { href: string; as: 'script' | 'style' }[];
  integrity: boolean;
};

const NO_STARTUP: StartupFiles = { scripts: [], preloads: [], integrity: false };

const cache = new Map<string, { mtimeMs: number; value: Promise<unknown> }>();

/** A file of the build, parsed once per version of it; `fallback` when it is not there. */
async function buildFile<T>(root: string, name: string, parse: (text: string) => Promise<T> | T, fallback: T) {
  const file = join(root, name);
  const mtimeMs = await stat(file).then(
    (stats) => stats.mtimeMs,
    () => null,
  );
  if (mtimeMs === null) return fallback;
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.value as Promise<T>;
  const value = readFile(file, 'utf8').then(parse);
  cache.set(file, { mtimeMs, value });
  value.catch(() => cache.delete(file));
  return value;
}

/** index.html as built: the document every page fills. */
export const documentTemplate = (root: string): Promise<string> =>
  buildFile(root, 'index.html', (text) => text, '<!doctype html><html lang="uk"><head></head><body></body></html>');

/** The entry and the start-up chunks (a build without startup.json: none to preload). */
export const startupFiles = (root: string): Promise<StartupFiles> =>
  buildFile(
    root,
    'startup.json',
    (text) => {
      const parsed = JSON.parse(text) as Partial<StartupFiles>;
      return { scripts: parsed.scripts ?? [], preloads: parsed.preloads ?? [], integrity: parsed.integrity === true };
    },
    NO_STARTUP,
  );

/**
 * The start-up files at the address the page names the shell's files at (deployment.ts shellBase):
 * startup.json writes them from the root, as the build is served.
 */
export function startupAt(startup: StartupFiles, base: string): StartupFiles {
  const at = (address: string) => (address.startsWith('/') ? `${base}${address.slice(1)}` : address);
  return {
    ...startup,
    scripts: startup.scripts.map(at),
    preloads: startup.preloads.map((preload) => ({ ...preload, href: at(preload.href) })),
  };
}

/**
 * The scripts and style sheets of the shell's own matched pages (their routes' ids), as its build lists
 * them (pages.json), at `base`: what the router loads before the page's first render, asked for with
 * the start-up.
 */
export async function shellPageFiles(root: string, ids: readonly string[], base = '/') {
  const pages = await buildFile<PagesManifest>(root, PAGES_FILE, (text) => JSON.parse(text), {
    prefixes: [],
    routes: [],
  });
  return pageFiles(base, matchedEntries(pages, ids));
}

type ShellManifest = { shared?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[] };

/**
 * The style sheets of the shared packages the shell provides (@lab/ui's tokens and components), from
 * the shell's own manifest: a remote consumes the shell's copy and builds none, and a preview renders
 * those packages' class names. None for a build without federation.
 */
export const sharedPackagesCss = (root: string): Promise<string> =>
  buildFile(
    root,
    'mf-manifest.json',
    async (text) => {
      const { shared = [] } = JSON.parse(text) as ShellManifest;
      const files = shared.flatMap(({ assets }) => [...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])]);
      const texts = await Promise.all([...new Set(files)].map((name) => readFile(join(root, name), 'utf8')));
      return texts.join('\n');
    },
    '',
  );
