// The SHA-384 of the shell's own files, for the `integrity` of every script and style sheet its pages
// name (docs/releases.md "Integrity"; its runtime carries the same for what it loads itself): from its
// release's release.json (`files`, recorded by @lab/releases when it was released), or, a build
// served as it is, its scripts and style sheets hashed once.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MISSING_DIGEST } from '../src/features/remotes/headless';
import { digestOf } from './buildIntegrity';

/** A file's path in the folder (forward slashes) -> `sha384-<base64>`. */
export type FileDigests = ReadonlyMap<string, string>;

const cache = new Map<string, { stamp: string; digests: Promise<FileDigests> }>();

async function filesOf(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
    ),
  );
  return nested.flat();
}

async function read(root: string): Promise<FileDigests> {
  const released = await readFile(join(root, 'release.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { files?: Record<string, string> }).files ?? null,
    () => null,
  );
  if (released) return new Map(Object.entries(released));
  const files = (await filesOf(root)).filter((file) => /\.(js|css)$/.test(file));
  const digests = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(join(root, file));
      return [file.split(sep).join('/'), digestOf(bytes)] as const;
    }),
  );
  return new Map(digests);
}

/**
 * The digests of the files of the shell's folder (its live release, or its build). Read again when the
 * document or an entry (`/main.js`) changes: a build replaced in place rewrites only the files that
 * changed, and a changed chunk changes the entry, which lists every chunk's digest.
 */
export async function fileDigests(root: string, entries: readonly string[] = []): Promise<FileDigests> {
  const times = await Promise.all(
    ['index.html', ...entries.map((entry) => entry.replace(/^\//, ''))].map((file) =>
      stat(join(root, file)).then(
        (info) => info.mtimeMs,
        () => 0,
      ),
    ),
  );
  const stamp = times.join(',');
  const cached = cache.get(root);
  if (cached && cached.stamp === stamp) return cached.digests;
  const digests = read(root);
  cache.set(root, { stamp, digests });
  digests.catch(() => cache.delete(root));
  return digests;
}

/**
 * The digests of the shell's files the page names at `base` (`/startup.1a2b3c4d.js`, or
 * `/releases/shell/<version>/startup.1a2b3c4d.js`, as its tags write it), for their `integrity`: a file
 * the list lacks gets one no file has, so that the browser refuses it as the shell's runtime would.
 */
export function digestsByAddress(
  digests: FileDigests,
  addresses: readonly string[],
  base = '/',
): Record<string, string> {
  return Object.fromEntries(
    addresses
      .filter((address) => address.startsWith(base))
      .map((address) => [address, digests.get(address.slice(base.length)) ?? MISSING_DIGEST]),
  );
}
