import type { Settlement } from '@lab/api';

/** docs/product.md#validation: case-insensitive substring match on the title, sorted alphabetically by title. */
export function filterSettlements(settlements: readonly Settlement[], query: string, locale: string): Settlement[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  const collator = new Intl.Collator(locale);
  return settlements
    .filter((city) => city.title.toLocaleLowerCase(locale).includes(needle))
    .sort((a, b) => collator.compare(a.title, b.title));
}
