/**
 * The service card (contract ServiceCard): the fields a catalogue list, a package list or a search hit
 * shows, priced in one settlement. Shared by the catalogue and cart repositories.
 */
import type { ServiceCard, ServicePrice } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import { localized } from './sql';

/** Spec section 3 "Price": the two amounts differ when the service is on sale. Null: not offered. */
export function servicePrice(price: number | null, fullPrice: number | null): ServicePrice | null {
  if (price === null || fullPrice === null) return null;
  return { price: { price }, originalPrice: { price: fullPrice } };
}

export type ServiceCardRow = Omit<ServiceCard, 'price'> & { price: number | null; fullPrice: number | null };

/**
 * The card columns of `services s` with its price in the settlement `settlement` (a placeholder) and
 * its group ids. Use with `FROM services s` and nothing else joined under the alias `pr`.
 */
export function cardColumns(locale: Locale, settlement: string): string {
  return `s.id, s.code, s.slug, ${localized('s.title', locale)} AS title, s.package_service AS "packageService",
          ${localized('s.description', locale)} AS description, s.turnaround_days AS "turnaroundDays", s.gender,
          (SELECT pr.price FROM service_prices pr
            WHERE pr.service_id = s.id AND pr.settlement_id = ${settlement}) AS price,
          (SELECT pr.full_price FROM service_prices pr
            WHERE pr.service_id = s.id AND pr.settlement_id = ${settlement}) AS "fullPrice",
          ARRAY(SELECT gi.group_id FROM service_group_items gi JOIN service_groups g ON g.id = gi.group_id
                 WHERE gi.service_id = s.id AND g.enabled ORDER BY gi.sort_order, gi.group_id) AS "groupIds"`;
}

export function toServiceCard(row: ServiceCardRow): ServiceCard {
  const { price, fullPrice, ...card } = row;
  return { ...card, price: servicePrice(price, fullPrice) };
}

/** The card rows of the enabled, shown-on-site services among the ids `$1`, priced in the settlement `$2`. */
export const visibleCardsSql = (locale: Locale): string =>
  `SELECT ${cardColumns(locale, '$2')}
     FROM services s
    WHERE s.id = ANY($1::int[]) AND s.enabled AND s.show_on_site`;

/** Card rows as cards in the order of `ids` (ids without a row are skipped). */
export function inIdOrder(ids: readonly number[], rows: readonly ServiceCardRow[]): ServiceCard[] {
  const byId = new Map(rows.map((row) => [row.id, toServiceCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Enabled, shown-on-site services by id, as cards, in the order of `ids` (unknown ids are skipped). */
export async function cardsByIds(
  db: Queryable,
  ids: readonly number[],
  settlementId: number,
  locale: Locale,
): Promise<ServiceCard[]> {
  if (ids.length === 0) return [];
  return inIdOrder(ids, await db.query<ServiceCardRow>(visibleCardsSql(locale), [[...ids], settlementId]));
}
