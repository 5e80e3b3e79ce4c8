/** Small helpers shared by the repositories. */
import { invalidField } from '../errors';
import type { Locale } from '../i18n/messages';

/**
 * The localized form of a two-column text (`<column>_uk`, `<column>_ru`): Russian falls back to
 * Ukrainian when empty. `column` is a fixed identifier from the repository, never request input.
 */
export function localized(column: string, locale: Locale): string {
  return locale === 'ru' ? `coalesce(nullif(${column}_ru, ''), ${column}_uk)` : `${column}_uk`;
}

/** Ukrainian (or Russian) alphabetical order: the database's C collation would put ґ, є, і, ї last. */
export function collator(locale: Locale): Intl.Collator {
  return new Intl.Collator(locale === 'ru' ? 'ru' : 'uk', { sensitivity: 'base', numeric: true });
}

export interface PageRequest {
  readonly page: number;
  readonly size: number;
}

/**
 * Largest OFFSET a query gets: the contract bounds `size` but not `page`, and `page * size` for an absurd
 * page (2^31, 1e308) would overflow PostgreSQL's integer (or be Infinity). Past it a page is just empty.
 */
export const MAX_OFFSET = 2_000_000_000;

/** The OFFSET of a page, capped at MAX_OFFSET (offset + size still fits an integer). */
export function pageOffset(page: number, size: number): number {
  return Math.min(page * size, MAX_OFFSET);
}

export interface PageOf<T> {
  content: T[];
  totalPages: number;
  page: number;
  totalElements: number;
}

export function pageOf<T>(content: T[], totalElements: number, request: PageRequest): PageOf<T> {
  return {
    content,
    totalPages: Math.ceil(totalElements / request.size),
    page: request.page,
    totalElements,
  };
}

/** Largest id of an `integer` / `serial` column. */
const MAX_ID = 2_147_483_647;

/**
 * `'1,2,3'` -> `[1, 2, 3]` (the contract's CsvIds pattern has already checked the shape). An id past
 * PostgreSQL's integer range is 400 `validation-error` on `field`, not a database error.
 */
export function csvIds(value: string | undefined, field: string): number[] {
  const ids = value ? value.split(',').map(Number) : [];
  if (ids.some((id) => id > MAX_ID)) throw invalidField(field, 'validation-range');
  return ids;
}

export function csvValues(value: string | undefined): string[] {
  return value ? value.split(',') : [];
}
