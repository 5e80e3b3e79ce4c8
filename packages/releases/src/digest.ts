// A release's files are named by their SHA-384 (as an `integrity` attribute takes it): one helper for
// the digest, one walk of a folder.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** `sha384-<base64>`, the form every digest of a release file takes. */
export const DIGEST = /^sha384-[A-Za-z0-9+/]{64}$/;

/** The SHA-384 of bytes, as an `integrity` attribute takes it. */
export const digestOf = (bytes: Uint8Array | string): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Every file under `dir`, relative with forward slashes, sorted (the order the disk gives is not kept). */
export function filesOf(dir: string, base: string = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(join(dir, entry.name), base)
        : [relative(base, join(dir, entry.name)).split(sep).join('/')],
    )
    .sort();
}

/** Every file of a build folder with its digest (release.json itself aside), in name order. */
export function digestsOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    filesOf(dir)
      .filter((file) => file !== 'release.json')
      .map((file) => [file, digestOf(readFileSync(join(dir, file)))]),
  );
}

/** The bytes, if they are the ones `digest` names. */
export const checked = (bytes: Buffer | null | undefined, digest: string): Buffer | null =>
  bytes && digestOf(bytes) === digest ? bytes : null;
