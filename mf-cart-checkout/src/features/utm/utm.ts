/**
 * UTM parameters (docs/product.md#entities, #orders and #calls): `utm_source`, `utm_medium`, `utm_campaign`, `utm_term` of the
 * landing URL, kept under the `utmParams` storage key until an order carries them.
 */
import { getStored, setStored, type UtmParameters } from '@lab/api';

const QUERY_NAMES = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  term: 'utm_term',
} as const satisfies Record<keyof UtmParameters, string>;
type UtmField = keyof typeof QUERY_NAMES;
const FIELDS = Object.keys(QUERY_NAMES) as UtmField[];

/** What the order call accepts (contract: at most 200 characters, no markup brackets). */
const MAX_LENGTH = 200;
const clean = (value: string) => value.replace(/[<>]/g, '').trim().slice(0, MAX_LENGTH);

/** The utm_ parameters of a query string; null when it has none. */
export function utmFromSearch(search: string): UtmParameters | null {
  const query = new URLSearchParams(search);
  const found: UtmParameters = {};
  for (const field of FIELDS) {
    const value = clean(query.get(QUERY_NAMES[field]) ?? '');
    if (value) found[field] = value;
  }
  return Object.keys(found).length > 0 ? found : null;
}

export function sameUtm(a: UtmParameters | null, b: UtmParameters | null): boolean {
  if (!a || !b) return a === b;
  return FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));
}

/**
 * Saves the query's utm_ parameters, only when there are some and they differ from those stored
 * (docs/product.md#orders); a URL without them keeps what is stored. Answers whether it wrote.
 */
export function captureUtm(search: string): boolean {
  const found = utmFromSearch(search);
  if (!found || sameUtm(found, getStored('utmParams'))) return false;
  setStored('utmParams', found);
  return true;
}
