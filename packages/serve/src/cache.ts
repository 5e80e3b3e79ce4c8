// Who may keep what, by a file's name. What the name pins (a content hash, a release) is cached for good
// and sent without validators: it is never asked again, and each of a page's chunks is about 75 bytes
// lighter. The rest (entries, manifests, pages) is revalidated, and its ETag (size and mtime) tells a
// rollback to an older file from the newer one, where Last-Modified alone would answer 304.
import send from '@fastify/send';

/** chunk names carry an 8-hex content hash (packages/config/webpack.cjs): safe to cache forever */
export const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const WITHOUT_VALIDATORS = { etag: false, lastModified: false } as const;

export function cacheControl(pathname: string): string {
  return HASHED.test(pathname) ? IMMUTABLE : 'no-cache';
}

// JavaScript's registered type (RFC 9239), for files and released bytes alike
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

/** The Content-Type of a file by its name, as @fastify/static sends it (UTF-8 text with its charset). */
export function typeOf(name: string): string {
  const type = send.mime.getType(name) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}
