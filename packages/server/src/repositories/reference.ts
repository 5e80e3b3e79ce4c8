/** Reference lists of the forms: genders, doctors' specializations. */
import type { Gender, Specialization } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { collator, localized } from './sql';

export function createReferenceRepository(db: Queryable) {
  return {
    /** All genders with their enabled flag (the form shows the enabled ones). */
    async genders(locale: Locale): Promise<Gender[]> {
      return db.query<Gender>(
        `SELECT g.id, g.code, ${localized('g.title', locale)} AS title, g.enabled
           FROM genders g ORDER BY g.sort_order, g.id`,
      );
    },

    /** Enabled specializations, alphabetically. */
    async specializations(locale: Locale): Promise<Specialization[]> {
      const rows = await db.query<Specialization>(
        `SELECT s.id, ${localized('s.title', locale)} AS title FROM specializations s WHERE s.enabled`,
      );
      const byTitle = collator(locale);
      return rows.sort((a, b) => byTitle.compare(a.title, b.title));
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
