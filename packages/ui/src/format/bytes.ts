/** docs/product.md#constants: Bytes through YB, base 1024. */
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A file size for people: `formatBytes(0)` -> '0 Bytes', 1024 -> '1 KB', 1536 -> '1.5 KB'.
 * At most `decimals` digits after the point, trailing zeros dropped; YB is the last unit.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))), BYTE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(Math.max(0, decimals)));
  return `${value} ${BYTE_UNITS[exponent]}`;
}
