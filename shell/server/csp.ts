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
): string {
  const remoteOrigins = [...new Set(remoteManifestUrls.map((url) => new URL(url).origin))];
  const sources = ["'self'", ...remoteOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${[sources, ...scriptHashes].join(' ')}`,
    `style-src ${[sources, ...styleHashes].join(' ')}`,
    `connect-src ${sources}`,
    `img-src 'self' data: blob: ${remoteOrigins.join(' ')}`.trim(),
    `font-src ${sources}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
