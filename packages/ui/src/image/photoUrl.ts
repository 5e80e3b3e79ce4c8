/**
 * A photo URL with the profile version appended as `v` (docs/product.md#constants), so that a new photo is
 * never served from a cache; no version leaves the URL as it is.
 */
export function photoUrl(base: string, version: number | string | null | undefined): string {
  if (version === null || version === undefined || version === '') return base;
  const hashAt = base.indexOf('#');
  const path = hashAt >= 0 ? base.slice(0, hashAt) : base;
  const hash = hashAt >= 0 ? base.slice(hashAt) : '';
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}v=${encodeURIComponent(String(version))}${hash}`;
}
