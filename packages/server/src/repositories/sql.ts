/** Small helpers shared by the repositories. */
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

/** `'1,2,3'` -> `[1, 2, 3]` (the contract's CsvIds pattern has already checked the shape). */
export function csvIds(value: string | undefined): number[] {
  return value ? value.split(',').map(Number) : [];
}

export function csvValues(value: string | undefined): string[] {
  return value ? value.split(',') : [];
}
