/** SQL fragments shared by the repositories that show people (patients, doctors, managers). */
import type { Locale } from '../i18n/messages';
import { localized } from './sql';

/** firstName, lastName, middleName of a table alias with `<name>_uk` / `<name>_ru` columns. */
export function nameColumns(alias: string, locale: Locale): string {
  return `${localized(`${alias}.first_name`, locale)} AS "firstName",
          ${localized(`${alias}.last_name`, locale)} AS "lastName",
          ${localized(`${alias}.middle_name`, locale)} AS "middleName"`;
}

/** "Last First Middle" of an alias, in a language. */
export function fullNameSql(alias: string, locale: Locale): string {
  return `concat_ws(' ', ${localized(`${alias}.last_name`, locale)}, ${localized(`${alias}.first_name`, locale)},
                    ${localized(`${alias}.middle_name`, locale)})`;
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface StoredImage {
  readonly bytes: Buffer;
  readonly type: ImageType;
  /** The profile version the URL carries. */
  readonly version: number;
}

export type ImageRow = { photo: string | null; type: string | null; version: number };

export function imageFromRow(row: ImageRow | null): StoredImage | null {
  if (!row?.photo || !row.type) return null;
  return { bytes: Buffer.from(row.photo, 'base64'), type: row.type as ImageType, version: row.version };
}
