/**
 * Where a nurse comes and what the visit costs, per settlement (table home_visit_settlements): the one
 * source the /home-visit page, checkout's offer and slots, and the order's home-visit cost read.
 */
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { collator, localized } from './sql';

export interface HomeVisitSettlement {
  readonly settlementId: number;
  readonly title: string;
  readonly price: number;
}

export function createHomeVisitsRepository(db: Queryable) {
  return {
    /** The settlements with visits, by name in the language. */
    async settlements(locale: Locale): Promise<HomeVisitSettlement[]> {
      const rows = await db.query<HomeVisitSettlement>(
        `SELECT h.settlement_id AS "settlementId", ${localized('s.title', locale)} AS title, h.price
           FROM home_visit_settlements h JOIN settlements s ON s.id = h.settlement_id
          WHERE h.enabled AND s.enabled`,
      );
      const order = collator(locale);
      return rows.sort((a, b) => order.compare(a.title, b.title));
    },

    /** The visit's price in a settlement; null: no visits there. */
    async priceIn(settlementId: number): Promise<number | null> {
      const row = await db.maybeOne<{ price: number }>(
        `SELECT h.price FROM home_visit_settlements h JOIN settlements s ON s.id = h.settlement_id
          WHERE h.settlement_id = $1 AND h.enabled AND s.enabled`,
        [settlementId],
      );
      return row?.price ?? null;
    },
  };
}

export type HomeVisitsRepository = ReturnType<typeof createHomeVisitsRepository>;
