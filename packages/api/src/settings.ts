/**
 * Deployment settings of docs/product.md#calls (VITE_SETTLEMENT_ID, VITE_ONLINE_DISCOUNT): defined at build
 * time, overridable per page by `window.__LAB_CONFIG__`.
 */
function buildTime(read: () => string | undefined): string {
  try {
    return read() ?? ''; // a bundler replaces the expression; without one `process` may not exist
  } catch {
    return '';
  }
}

function positiveNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** The default city when geolocation fails (VITE_SETTLEMENT_ID); null: take the first city. */
export function defaultSettlementId(): number | null {
  const override = typeof window === 'undefined' ? undefined : window.__LAB_CONFIG__?.settlementId;
  const id = positiveNumber(override ?? buildTime(() => process.env.VITE_SETTLEMENT_ID));
  return id != null && Number.isInteger(id) ? id : null;
}

/**
 * The city a visitor is priced in until one is chosen or detected (docs/product.md#city): the deployment's
 * default when the list has it, else the first (largest) city. One rule for the shell's server (a first
 * visit's prices in the HTML) and the browser (its city until detection answers), so that the server's
 * answers are the ones the page asks for.
 */
export function firstSettlementId(
  settlements: readonly { id: number }[],
  configured: number | null = defaultSettlementId(),
): number | null {
  if (configured != null && settlements.some((city) => city.id === configured)) return configured;
  return settlements[0]?.id ?? null;
}

/** The online-payment discount in percent (VITE_ONLINE_DISCOUNT); null when not configured. */
export function onlineDiscountPercent(): number | null {
  const override = typeof window === 'undefined' ? undefined : window.__LAB_CONFIG__?.onlineDiscount;
  return positiveNumber(override ?? buildTime(() => process.env.VITE_ONLINE_DISCOUNT));
}
