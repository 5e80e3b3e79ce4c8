/**
 * docs/product.md#constants: thousands separated by spaces and a trailing .00 dropped; other fractions keep
 * both digits (245.5 -> '245.50'), as prices are in hryvnias and kopecks.
 */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // Rounded in kopecks first, so 0.1 + 0.2 and 999.999 do not leak float noise into the text.
  const kopecks = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(kopecks / 100);
  const fraction = kopecks % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = value < 0 && kopecks > 0 ? '-' : '';
  return fraction === 0 ? `${sign}${grouped}` : `${sign}${grouped}.${String(fraction).padStart(2, '0')}`;
}

/** The amount followed by the currency label (localized by the caller: `t('currency', { ns: 'ui' })`). */
export function formatPrice(value: number, currency: string): string {
  return `${formatAmount(value)} ${currency}`;
}
