/** Settlements (cities) and their branches. */
import type { Branch, ScheduleDay, Settlement } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import { branchStatus } from '../domain/branch-status';
import type { Clock } from '../domain/kyiv-time';
import type { Locale } from '../i18n/messages';
import { collator, localized } from './sql';

export interface SettlementWithCount extends Settlement {
  branchCount: number;
}

export type BranchRow = Omit<Branch, 'status' | 'services' | 'schedule'> & {
  schedule: ScheduleDay[];
  covidTest: boolean;
  childNurse: boolean;
  cardTerminal: boolean;
  ramp: boolean;
  gynecologicalChair: boolean;
  urogenitalMale: boolean;
  everyDay: boolean;
};

/** The columns of a BranchRow from `branches b` (also used by the search). */
export function branchColumns(locale: Locale): string {
  return `b.id, b.settlement_id AS "settlementId", ${localized('b.title', locale)} AS title,
          ${localized('b.address', locale)} AS address, b.lat, b.lon, b.phone, b.partner, b.schedule,
          b.covid_test AS "covidTest", b.child_nurse AS "childNurse", b.card_terminal AS "cardTerminal",
          b.ramp, b.gynecological_chair AS "gynecologicalChair", b.urogenital_male AS "urogenitalMale",
          b.every_day AS "everyDay"`;
}

/** A branch card with its status at `now` (Kyiv time). */
export function toBranch(row: BranchRow, now: Date): Branch {
  return {
    id: row.id,
    settlementId: row.settlementId,
    title: row.title,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    phone: row.phone,
    partner: row.partner,
    schedule: row.schedule,
    services: {
      covidTest: row.covidTest,
      childNurse: row.childNurse,
      cardTerminal: row.cardTerminal,
      ramp: row.ramp,
      gynecologicalChair: row.gynecologicalChair,
      urogenitalMale: row.urogenitalMale,
      everyDay: row.everyDay,
    },
    status: branchStatus(row.schedule, now),
  };
}

/** Great-circle distance in km between ($1 lat, $2 lon) and the row's s.lat/s.lon. */
const HAVERSINE_KM = `2 * 6371 * asin(sqrt(
  power(sin(radians(s.lat - $1::float8) / 2), 2) +
  cos(radians($1::float8)) * cos(radians(s.lat)) * power(sin(radians(s.lon - $2::float8) / 2), 2)
))`;

export function createSettlementsRepository(db: Queryable, clock: Clock) {
  return {
    /** Enabled settlements with at least one enabled branch, each with its branch count. */
    async list(locale: Locale, options: { includePartners: boolean; sort?: 'top-branches-count' }) {
      const rows = await db.query<SettlementWithCount>(
        `SELECT s.id, ${localized('s.title', locale)} AS title, s.source_id AS "sourceId", s.lat, s.lon,
                count(b.id)::int AS "branchCount"
           FROM settlements s
           JOIN branches b ON b.settlement_id = s.id AND b.enabled AND ($1::boolean OR NOT b.partner)
          WHERE s.enabled
          GROUP BY s.id`,
        [options.includePartners],
      );
      const byTitle = collator(locale);
      rows.sort((a, b) =>
        options.sort === 'top-branches-count'
          ? b.branchCount - a.branchCount || byTitle.compare(a.title, b.title)
          : byTitle.compare(a.title, b.title),
      );
      return rows;
    },

    /** The settlement (with branches) whose centre is nearest to a point, or null when there is none. */
    async nearest(point: { lat: number; lon: number }, includePartners: boolean): Promise<number | null> {
      const row = await db.maybeOne<{ id: number }>(
        `SELECT s.id
           FROM settlements s
          WHERE s.enabled
            AND EXISTS (SELECT 1 FROM branches b
                         WHERE b.settlement_id = s.id AND b.enabled AND ($3::boolean OR NOT b.partner))
          ORDER BY ${HAVERSINE_KM}, s.id
          LIMIT 1`,
        [point.lat, point.lon, includePartners],
      );
      return row?.id ?? null;
    },

    async exists(id: number): Promise<boolean> {
      const row = await db.maybeOne('SELECT 1 FROM settlements WHERE id = $1 AND enabled', [id]);
      return row !== null;
    },

    /** Enabled branches of a settlement with their status now (Kyiv time). */
    async branches(settlementId: number, locale: Locale, includePartners: boolean): Promise<Branch[]> {
      const rows = await db.query<BranchRow>(
        `SELECT ${branchColumns(locale)}
           FROM branches b
          WHERE b.settlement_id = $1 AND b.enabled AND ($2::boolean OR NOT b.partner)
          ORDER BY b.partner, b.sort_order, b.id`,
        [settlementId, includePartners],
      );
      const now = clock();
      return rows.map((row) => toBranch(row, now));
    },
  };
}

export type SettlementsRepository = ReturnType<typeof createSettlementsRepository>;
