import { createHash } from 'node:crypto';

/** A CSP source that allows exactly this inline text (a style or script element, a style attribute). */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy: scripts only from the site and the remotes' origins (taken from
 * the remotes map), data calls to the site's own /api. JSON-LD blocks are data, not scripts.
 */
export function contentSecurityPolicy(
  remoteManifestUrls: readonly string[],
  styleHashes: readonly string[] = [],
  scriptHashes: readonly string[] = [],
  devServers: readonly string[] = [],
): string {
  // development: the webpack-dev-servers' files, and their hot-update sockets (ws: is not matched by http:)
  const devSources = devServers.flatMap((url) => {
    const { host } = new URL(url);
    return [`http://${host}`, `ws://${host}`];
  });
  const remoteOrigins = [...new Set(remoteManifestUrls.map((url) => new URL(url).origin))];
  const sources = ["'self'", ...remoteOrigins, ...devSources.filter((source) => source.startsWith('http'))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${[sources, ...scriptHashes].join(' ')}`,
    `style-src ${[sources, ...styleHashes].join(' ')}`,
    `connect-src ${[sources, ...devSources.filter((source) => source.startsWith('ws'))].join(' ')}`,
    `img-src 'self' data: blob: ${remoteOrigins.join(' ')}`.trim(),
    `font-src ${sources}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
