/** Promo codes. */
import type { Discount, PromoTerms } from '@lab/api/contract';
import type { Queryable, SqlValue } from '../db/database';
import { type Clock, kyivEndOfDay, kyivWallTime } from '../domain/kyiv-time';
import type { Locale } from '../i18n/messages';
import { localized } from './sql';

/**
 * Whether the promo code `promo` (an SQL expression of its id) takes its discount off the service
 * `service` (an SQL expression of its id): a code without groups applies to every service, one with
 * groups (promo_code_groups) to the services of those groups and their subgroups only. Both arguments
 * are fixed SQL from the repository or placeholders.
 */
export function promoAppliesSql(promo: string, service: string): string {
  return `(NOT EXISTS (SELECT 1 FROM promo_code_groups pg WHERE pg.promo_code_id = ${promo})
           OR EXISTS (SELECT 1 FROM promo_code_groups pg
                        JOIN service_groups scope ON scope.id = pg.group_id
                        JOIN service_group_items gi ON gi.service_id = ${service}
                        JOIN service_groups g ON g.id = gi.group_id
                       WHERE pg.promo_code_id = ${promo} AND (g.id = scope.id OR g.key LIKE scope.key || '.%')))`;
}

export type PromoCheck =
  | { ok: true; discount: Discount; id: number; withSales: boolean }
  | { ok: false; reason: 'unknown' | 'expired' | 'used-up' };

type PromoRow = {
  id: number;
  code: string;
  fraction: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  used: number;
  withSales: boolean;
};

/** A code's terms by a condition on `p` (promo_codes), its groups' titles in the locale. */
async function termsWhere(db: Queryable, where: string, params: readonly SqlValue[], locale: Locale) {
  return db.query<PromoTerms>(
    `SELECT p.code, p.fraction::float8 AS value, to_char(p.valid_from, 'YYYY-MM-DD') AS "validFrom",
            to_char(p.valid_to, 'YYYY-MM-DD') AS "validTo", p.with_sales AS "withSales",
            coalesce((SELECT json_agg(json_build_object('slug', g.slug, 'title', ${localized('g.title', locale)})
                                      ORDER BY g.sort_order, g.id)
                        FROM promo_code_groups pg JOIN service_groups g ON g.id = pg.group_id
                       WHERE pg.promo_code_id = p.id), '[]'::json) AS groups
       FROM promo_codes p
      WHERE ${where}`,
    params,
  );
}

export function createDiscountsRepository(db: Queryable, clock: Clock) {
  return {
    /** Of these services, those the (valid, upper-case) code takes its discount off (promoAppliesSql). */
    async servicesInScope(code: string, serviceIds: readonly number[]): Promise<Set<number>> {
      if (serviceIds.length === 0) return new Set();
      const rows = await db.query<{ id: number }>(
        `SELECT u.id FROM unnest($2::int[]) AS u(id)
          WHERE ${promoAppliesSql('(SELECT id FROM promo_codes WHERE code = $1)', 'u.id')}`,
        [code, [...serviceIds]],
      );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * A code (any letter case) is valid when enabled, today (Kyiv) lies within its days and it has uses
     * left. The answer's validTo is the last second of its last day.
     */
    /** The terms of a (valid, upper-case) code: what the cart and the code's news item show. */
    async terms(code: string, locale: Locale): Promise<PromoTerms | null> {
      return (await termsWhere(db, 'p.code = $1', [code], locale))[0] ?? null;
    },

    /** The terms of the code a news item announces, or null. */
    async termsOfNews(newsId: number, locale: Locale): Promise<PromoTerms | null> {
      const where = 'p.id = (SELECT promo_code_id FROM news WHERE id = $1)';
      return (await termsWhere(db, where, [newsId], locale))[0] ?? null;
    },

    async check(code: string): Promise<PromoCheck> {
      // a code with control characters is no code (and a NUL cannot even be sent to PostgreSQL)
      if (/\p{Cc}/u.test(code)) return { ok: false, reason: 'unknown' };
      const row = await db.maybeOne<PromoRow>(
        `SELECT id, code, fraction, valid_from AS "validFrom", valid_to AS "validTo", max_uses AS "maxUses", used,
                with_sales AS "withSales"
           FROM promo_codes WHERE code = upper($1) AND enabled`,
        [code.trim()],
      );
      if (!row) return { ok: false, reason: 'unknown' };
      const today = kyivWallTime(clock()).date;
      if (today < row.validFrom || today > row.validTo) return { ok: false, reason: 'expired' };
      if (row.maxUses !== null && row.used >= row.maxUses) return { ok: false, reason: 'used-up' };
      return {
        ok: true,
        discount: { code: row.code, value: row.fraction, validTo: kyivEndOfDay(row.validTo) },
        id: row.id,
        withSales: row.withSales,
      };
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
