/** Promo codes. */
import type { Discount } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import { type Clock, kyivEndOfDay, kyivWallTime } from '../domain/kyiv-time';

export type PromoCheck = { ok: true; discount: Discount } | { ok: false; reason: 'unknown' | 'expired' | 'used-up' };

type PromoRow = {
  id: number;
  code: string;
  fraction: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  used: number;
};

export function createDiscountsRepository(db: Queryable, clock: Clock) {
  return {
    /**
     * A code (any letter case) is valid when enabled, today (Kyiv) lies within its days and it has uses
     * left. The answer's validTo is the last second of its last day.
     */
    async check(code: string): Promise<PromoCheck> {
      // a code with control characters is no code (and a NUL cannot even be sent to PostgreSQL)
      if (/\p{Cc}/u.test(code)) return { ok: false, reason: 'unknown' };
      const row = await db.maybeOne<PromoRow>(
        `SELECT id, code, fraction, valid_from AS "validFrom", valid_to AS "validTo", max_uses AS "maxUses", used
           FROM promo_codes WHERE code = upper($1) AND enabled`,
        [code.trim()],
      );
      if (!row) return { ok: false, reason: 'unknown' };
      const today = kyivWallTime(clock()).date;
      if (today < row.validFrom || today > row.validTo) return { ok: false, reason: 'expired' };
      if (row.maxUses !== null && row.used >= row.maxUses) return { ok: false, reason: 'used-up' };
      return { ok: true, discount: { code: row.code, value: row.fraction, validTo: kyivEndOfDay(row.validTo) } };
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
