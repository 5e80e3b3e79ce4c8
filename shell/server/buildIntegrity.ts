// What the shell's server takes from a pinned remote's build (docs/releases.md "Integrity"): the deployment
// pins the release's manifest (and its page server module) by SHA-384; the manifest, once its bytes have
// that digest, gives the digests of the build's files. The page server module, the list of the pages'
// files and the style sheets a preview inlines are then taken only with their digests, and the page's
// preloads of a page's files carry them (the browser loads those files with them: no second download).
// A remote the deployment pins nothing for (a build served as it is) is taken as before.
import { createHash } from 'node:crypto';
import type { RemoteDeclaration, RemoteIntegrity } from '../src/features/remotes/headless';

/** A file's name in its build (as the manifest lists it) -> `sha384-<base64>`. */
export type BuildDigests = Readonly<Record<string, string>>;

/** Bytes that are not the released ones, or a file of a pinned release with no digest to check. */
export class IntegrityError extends Error {
  readonly kind = 'integrity';
}

export const digestOf = (bytes: Uint8Array): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const DIGEST = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * The digests a pinned remote's manifest gives its files: only from a manifest whose bytes have the pinned
 * digest; null for a remote nothing is pinned for.
 */
export function verifiedDigests(
  url: string,
  bytes: Uint8Array,
  pins: RemoteIntegrity | undefined,
): BuildDigests | null {
  if (!pins) return null;
  if (digestOf(bytes) !== pins.manifest) throw new IntegrityError(`${url}: not the released manifest`);
  const listed = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { integrity?: unknown }).integrity;
  if (!listed || typeof listed !== 'object') throw new IntegrityError(`${url}: lists no digests`);
  return Object.fromEntries(
    Object.entries(listed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && DIGEST.test(entry[1]),
    ),
  );
}

/** Takes a file of a pinned build only with the digest it was released with. */
export function checkFile(url: string, bytes: Uint8Array, expected: string | undefined): void {
  if (expected === undefined) throw new IntegrityError(`${url}: no digest to check it by`);
  if (digestOf(bytes) !== expected) throw new IntegrityError(`${url}: not the released bytes`);
}

/** A file's name in the build whose files are at `base`, for its digest; null for a file elsewhere. */
export const fileOf = (base: string, url: string): string | null =>
  url.startsWith(base) ? url.slice(base.length) : null;

/** What the deployment pins for a remote of the visitor's map (remotesFor: a promoted release's). */
export const pinsOf = (declaration: RemoteDeclaration | undefined): RemoteIntegrity | undefined =>
  typeof declaration === 'object' ? declaration.integrity : undefined;

/**
 * A pinned build's digests of a page's files, by address: the page preloads them with these (and CORS),
 * as its remote's runtime then loads them, so that each is downloaded once.
 */
export function pageFileDigests(
  build: { base: string; digests: BuildDigests | null },
  files: { scripts: string[]; styles: string[] },
): Record<string, string> {
  const { base, digests } = build;
  if (!digests) return {};
  const listed = [...files.scripts, ...files.styles].map((url) => [url, digests[fileOf(base, url) ?? '']] as const);
  return Object.fromEntries(listed.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
}
