/**
 * The service card (contract ServiceCard): the fields a catalogue list, a package list or a search hit
 * shows, priced in one settlement. Shared by the catalogue and cart repositories.
 */
import type { ServiceCard, ServicePrice } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import { priceLines } from '../domain/cart-lines';
import { fromKopiykas, toKopiykas } from '../domain/pricing';
import type { Locale } from '../i18n/messages';
import { localized } from './sql';

/** A service brought along automatically (the blood draw), priced in the settlement (null: not offered). */
export interface AdditionalRow {
  readonly id: number;
  readonly code: string;
  readonly title: string;
  readonly enabled: boolean;
  readonly price: number | null;
  readonly fullPrice: number | null;
}

/**
 * The services `service` (an SQL expression) brings along, priced in `settlement`, as a JSON array of
 * AdditionalRow in their order. Both arguments are fixed SQL from the repository or placeholders.
 */
export function additionalJsonSql(locale: Locale, service: string, settlement: string): string {
  return `coalesce((SELECT json_agg(json_build_object('id', a.id, 'code', a.code, 'title', ${localized('a.title', locale)},
                                                     'enabled', a.enabled, 'price', apr.price, 'fullPrice', apr.full_price)
                                   ORDER BY x.sort_order, a.id)
                      FROM additional_services x JOIN services a ON a.id = x.additional_service_id
                      LEFT JOIN service_prices apr ON apr.service_id = a.id AND apr.settlement_id = ${settlement}
                     WHERE x.service_id = ${service}), '[]'::json)`;
}

/**
 * docs/product.md#entities "Price" of a listed service, as a cart holding only that service would charge it
 * (domain/cart-lines.ts, the cart's own pricing): its price and original price (they differ when it is
 * on sale), the services it brings along and the total. Null: the cart could not take it in the city
 * (not priced there, or a service it brings along is not).
 */
export function servicePrice(
  price: number | null,
  fullPrice: number | null,
  additional: readonly AdditionalRow[] = [],
  id = 0,
): ServicePrice | null {
  const priced = priceLines<AdditionalRow | null>([
    {
      id,
      service: null,
      price,
      fullPrice,
      enabled: true,
      brought: additional.map((row) => ({ ...row, service: row })),
    },
  ]);
  const [item] = priced.items;
  if (!item) return null;
  return {
    price: { price: item.initialPrice },
    originalPrice: { price: item.originalPrice },
    additional: {
      price: fromKopiykas(toKopiykas(priced.totals.initialTotalPrice) - toKopiykas(item.initialPrice)),
      services: priced.additional.map((line) => ({
        id: line.serviceId,
        code: line.service?.code ?? '',
        title: line.service?.title ?? '',
        price: line.initialPrice,
        originalPrice: line.originalPrice,
      })),
    },
    total: {
      price: { price: priced.totals.initialTotalPrice },
      originalPrice: { price: priced.totals.originalTotalPrice },
    },
  };
}

export type ServiceCardRow = Omit<ServiceCard, 'price'> & {
  price: number | null;
  fullPrice: number | null;
  additional: AdditionalRow[];
};

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
          ${additionalJsonSql(locale, 's.id', settlement)} AS additional,
          ARRAY(SELECT gi.group_id FROM service_group_items gi JOIN service_groups g ON g.id = gi.group_id
                 WHERE gi.service_id = s.id AND g.enabled ORDER BY gi.sort_order, gi.group_id) AS "groupIds"`;
}

export function toServiceCard(row: ServiceCardRow): ServiceCard {
  const { price, fullPrice, additional, ...card } = row;
  return { ...card, price: servicePrice(price, fullPrice, additional, card.id) };
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
