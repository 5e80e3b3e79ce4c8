// remotes.json: which remotes the page composes, where each one's manifest is, and the first path
// segments whose pages it routes. Deployments replace the file; the shell has no remote in its code.

/**
 * A remote's entry: its manifest and the prefixes it owns (a bare URL: an older file, no pages; no
 * manifest: pages compiled into the shell, the bench's single-bundle baseline). The shell's server names
 * the release (`version`) and the deployment the map answers for (`deployment`, the live pointer's
 * version: a page and the map it loads belong to one deployment).
 */
export type RemoteDeclaration =
  | string
  | {
      manifest?: string;
      routes?: readonly string[];
      version?: string;
      deployment?: number;
      /**
       * the digests the deployment pins for the release (its release.json): its manifest and entry are
       * loaded only with them, its chunks with those its entry carries (integrity.ts); a remote served from
       * its build, unreleased, has none
       */
      integrity?: RemoteIntegrity;
    };

/**
 * A release's pinned digests: SHA-384, as an `integrity` attribute takes them (`server`: its server
 * module's, for the shell's server).
 */
export type RemoteIntegrity = { manifest: string; entry: { path: string; digest: string }; server?: string };

/** name -> declaration, as remotes.json holds it. */
export type RemotesMap = Readonly<Record<string, RemoteDeclaration>>;

/** The URL of a remote's mf-manifest.json, if it has one. */
export const manifestOf = (declaration: RemoteDeclaration): string | null =>
  typeof declaration === 'string' ? declaration : (declaration.manifest ?? null);

/** Every remote's manifest URL, by name (those that have one). */
export function manifests(map: RemotesMap): Record<string, string> {
  const entries = Object.entries(map).map(([name, declaration]) => [name, manifestOf(declaration)] as const);
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, string] => entry[1] !== null));
}

/** The remote that routes the pages under this first segment (`analyzes` ...), if one does. */
export function remoteOfSegment(map: RemotesMap, segment: string): string | null {
  for (const [name, declaration] of Object.entries(map)) {
    if (typeof declaration !== 'string' && declaration.routes?.includes(segment)) return name;
  }
  return null;
}

/**
 * The release a remote's entry points at (the shell's server names it from the deployment); a build
 * served without a release is "unreleased". Real-user reports carry it, per remote.
 */
export function versionOf(declaration: RemoteDeclaration | undefined): string {
  if (declaration && typeof declaration !== 'string' && declaration.version) return declaration.version;
  const manifest = declaration ? manifestOf(declaration) : null;
  return /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(manifest ?? '')?.[1] ?? 'unreleased';
}

/** Every remote's release, by name. */
export const versionsOf = (map: RemotesMap): Record<string, string> =>
  Object.fromEntries(Object.entries(map).map(([name, declaration]) => [name, versionOf(declaration)]));

/** The prefixes a remote routes. */
export const prefixesOf = (map: RemotesMap, remote: string): readonly string[] => {
  const declaration = map[remote];
  return declaration && typeof declaration !== 'string' ? (declaration.routes ?? []) : [];
};

/** Reads a map (remotes.json's text, or the copy inline in the page); null when it is not one. */
export function parseRemotesMap(text: string): RemotesMap | null {
  try {
    const map: unknown = JSON.parse(text);
    if (!map || typeof map !== 'object' || Array.isArray(map)) return null;
    const valid = Object.values(map).every(
      (value) =>
        typeof value === 'string' ||
        (value !== null &&
          typeof value === 'object' &&
          ['string', 'undefined'].includes(typeof (value as { manifest?: unknown }).manifest) &&
          ['string', 'undefined'].includes(typeof (value as { version?: unknown }).version) &&
          ((value as { routes?: unknown }).routes === undefined ||
            (Array.isArray((value as { routes?: unknown }).routes) &&
              (value as { routes: unknown[] }).routes.every((route) => typeof route === 'string')))),
    );
    return valid ? (map as RemotesMap) : null;
  } catch {
    return null;
  }
}

/**
 * The build's map with other manifest URLs (a deployment's `--remotes name=url,...`): the prefixes stay
 * the build's, a remote the build does not know is added without pages.
 */
export function withManifests(map: RemotesMap, urls: Readonly<Record<string, string>>): RemotesMap {
  const merged: Record<string, RemoteDeclaration> = { ...map };
  for (const [name, manifest] of Object.entries(urls)) {
    const declaration = map[name];
    merged[name] = declaration && typeof declaration !== 'string' ? { ...declaration, manifest } : manifest;
  }
  return merged;
}
