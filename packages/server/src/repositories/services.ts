/**
 * The service catalogue: lists of analyses and packages priced in a settlement, the analysis/package
 * page, preparation, packages containing a service, "clients also buy", popular services.
 * Only enabled services shown on the site are visible; a service is offered in a settlement when it has
 * a price there.
 */
import type {
  Analysis,
  PreparationRule,
  ServiceCard,
  ServiceGenderFilter,
  ServiceInfo,
  ServicePreparation,
  ServiceRef,
} from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import {
  type CatalogueMemo,
  isOffered,
  type Listing,
  type Offer,
  offerIn,
  type ReadAtVersion,
  readAtCurrentVersion,
} from './catalogue-memo';
import { CATALOGUE_VERSION_SQL } from './catalogue-version';
import { applySearchSettings, serviceHitsCtes } from './search';
import {
  cardColumns,
  cardsByIds,
  inIdOrder,
  type ServiceCardRow,
  toServiceCard,
  visibleCardsSql,
} from './service-cards';
import { localized, type PageOf, pageOf, pageOffset } from './sql';
import { SqlParams } from './sql-params';
import { inTransaction } from './transaction';

/** Lists of related services (clients also buy, popular) are this long at most. */
export const RELATED_LIMIT = 8;
export const POPULAR_LIMIT = 12;

export interface ServiceListFilter {
  readonly settlementId: number;
  readonly groupIds?: readonly number[] | undefined;
  readonly subgroupId?: number | undefined;
  readonly query?: string | undefined;
  readonly serviceIds?: readonly number[] | undefined;
  readonly packageService?: boolean | undefined;
  readonly gender?: ServiceGenderFilter | undefined;
  readonly priceSort?: 'asc' | 'desc' | undefined;
  readonly page: number;
  readonly size: number;
}

/** The enabled groups among `ids` (a parameter) and all their enabled descendants, as a recursive CTE. */
const descendantsCte = (name: string, ids: string) => `${name} AS (
    SELECT id FROM service_groups WHERE id = ANY(${ids}::int[]) AND enabled
    UNION
    SELECT g.id FROM service_groups g JOIN ${name} c ON g.parent_id = c.id WHERE g.enabled
  )`;

/**
 * The enabled groups among `ids` and all their enabled descendants. Asked on their own, before the
 * list's statement, which then gets them as an array: the planner cannot estimate a recursive CTE (it
 * expected 20,000 services of one group at +20,000 and read the whole services table and the city's
 * prices to join them; with the array it looks up the group's few hundred, 100 → 5 ms).
 */
async function groupsWithDescendants(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`WITH RECURSIVE ${descendantsCte('found', '$1')} SELECT id FROM found`, [
    [...ids],
  ]);
  return rows.map((row) => row.id);
}

/** Which services a listing holds: a category (with its subgroups) or the whole catalogue, maybe narrowed to a subgroup. */
type ListingScope = { readonly groupIds: readonly number[] | null; readonly subgroupId: number | null };

/**
 * The scope of a list a listing and the city's offer answer (null: one the statement must answer): a
 * text search ranks, given ids keep their order, and the price order needs the city's prices.
 */
function listingScope(filter: ServiceListFilter): ListingScope | null {
  if (filter.query !== undefined || filter.serviceIds !== undefined || filter.priceSort !== undefined) return null;
  return { groupIds: filter.groupIds ?? null, subgroupId: filter.subgroupId ?? null };
}

/**
 * A scope's services on the site in the list's order (the deepest-listed of their groups in scope,
 * then their own order), in one statement with the catalogue's version they are of.
 */
async function readListing(db: Queryable, scope: ListingScope): Promise<{ listing: Listing; version: string }> {
  const p = new SqlParams();
  const ctes: string[] = [];
  let groupWhere = '';
  if (scope.groupIds) {
    ctes.push(descendantsCte('scope', p.add([...scope.groupIds])));
    groupWhere = 'WHERE gi.group_id IN (SELECT id FROM scope)';
  }
  let subgroupWhere = '';
  if (scope.subgroupId !== null) {
    ctes.push(descendantsCte('narrowed', p.add([scope.subgroupId])));
    subgroupWhere = `AND s.id IN (SELECT gi.service_id FROM service_group_items gi
                                   WHERE gi.group_id IN (SELECT id FROM narrowed))`;
  }
  ctes.push(`grouped AS (
      SELECT gi.service_id AS id, max(g.sort_order) AS group_order
        FROM service_group_items gi JOIN service_groups g ON g.id = gi.group_id AND g.enabled
       ${groupWhere}
       GROUP BY gi.service_id
    )`);
  const order = 'ORDER BY m.group_order NULLS LAST, s.sort_order, s.id';
  const row = await db.one<Listing & { version: string }>(
    `WITH RECURSIVE ${ctes.join(',\n')}
     SELECT (${CATALOGUE_VERSION_SQL}) AS version,
            coalesce(array_agg(s.id ${order}), '{}') AS ids,
            coalesce(array_agg(s.package_service ${order}), '{}') AS packages,
            coalesce(array_agg(s.gender ${order}), '{}') AS genders
       FROM services s ${scope.groupIds ? '' : 'LEFT '}JOIN grouped m ON m.id = s.id
      WHERE s.enabled AND s.show_on_site ${subgroupWhere}`,
    p.values,
  );
  const { version, ...listing } = row;
  return { listing, version };
}

/** The page's ids of a listing's services that pass the filter in the city, and how many pass. */
function listedPage(listing: Listing, offer: Offer, filter: ServiceListFilter): { ids: number[]; total: number } {
  const offset = pageOffset(filter.page, filter.size);
  const ids: number[] = [];
  let total = 0;
  listing.ids.forEach((id, index) => {
    if (!isOffered(offer, id)) return;
    if (filter.packageService !== undefined && listing.packages[index] !== filter.packageService) return;
    const gender = listing.genders[index];
    if (filter.gender && gender !== null && gender !== filter.gender) return;
    if (total >= offset && ids.length < filter.size) ids.push(id);
    total += 1;
  });
  return { ids, total };
}

type AnalysisRow = Omit<Analysis, 'materials'> & { materials: { id: number; title: string }[] };

/** Unique material titles in order of appearance, joined by '. ' (docs/product.md#entities). */
export function materialsText(analyses: readonly Pick<Analysis, 'materials'>[]): string {
  const titles = new Set<string>();
  for (const analysis of analyses) for (const material of analysis.materials) titles.add(material.title.trim());
  return [...titles].filter((title) => title !== '').join('. ');
}

export function createServicesRepository(db: Queryable, memo: CatalogueMemo | null = null) {
  /** A scope's listing at a catalogue version: from the memo, or read now (then of the version it saw). */
  async function listingAt(memo: CatalogueMemo, version: string, scope: ListingScope) {
    const kept = memo.listings.get(JSON.stringify([version, scope.groupIds, scope.subgroupId]));
    if (kept) return { listing: kept, version };
    const read = await readListing(db, scope);
    memo.listings.set(JSON.stringify([read.version, scope.groupIds, scope.subgroupId]), read.listing);
    return read;
  }

  /**
   * A page of a list from the scope's listing and the city's offer: one prepared statement reads the
   * page's cards and the catalogue's version. The memo is read at the last version a statement saw;
   * when a read sees a newer one, the listing and the offer are taken at it and the page read again.
   */
  function listFromMemo(
    memo: CatalogueMemo,
    scope: ListingScope,
    filter: ServiceListFilter,
    locale: Locale,
  ): Promise<PageOf<ServiceCard>> {
    return readAtCurrentVersion(db, memo, async (version, last): Promise<ReadAtVersion<PageOf<ServiceCard>>> => {
      const listing = await listingAt(memo, version, scope);
      const offer = await offerIn(db, memo, version, filter.settlementId);
      const newer = [listing.version, offer.version].find((seenThere) => seenThere !== version);
      if (newer !== undefined && !last) return { newer };
      // an empty page too: the statement's version tells whether the listing and the offer are current
      const { ids, total } = listedPage(listing.listing, offer.offer, filter);
      const row = await db.one<{ version: string; cards: ServiceCardRow[] }>(
        `SELECT (${CATALOGUE_VERSION_SQL}) AS version,
                coalesce((SELECT json_agg(c) FROM (${visibleCardsSql(locale)}) c), '[]'::json) AS cards`,
        [ids, filter.settlementId],
        { prepare: true },
      );
      return { value: pageOf(inIdOrder(ids, row.cards), total, filter), version: row.version };
    });
  }

  /** Packages (enabled, shown, offered in the settlement) that include the service, most popular first. */
  async function packagesContaining(
    serviceId: number,
    settlementId: number,
    locale: Locale,
    limit: number,
  ): Promise<ServiceCard[]> {
    const rows = await db.query<ServiceCardRow>(
      `SELECT ${cardColumns(locale, '$2')}
         FROM package_items pi
         JOIN services s ON s.id = pi.package_id
        WHERE pi.service_id = $1 AND s.enabled AND s.show_on_site
          AND EXISTS (SELECT 1 FROM service_prices p WHERE p.service_id = s.id AND p.settlement_id = $2)
        ORDER BY s.popularity DESC, s.sort_order, s.id
        LIMIT $3`,
      [serviceId, settlementId, limit],
    );
    return rows.map(toServiceCard);
  }

  /** The most popular other services sharing a group with the service (same kind first). */
  async function popularNeighbours(
    serviceId: number,
    settlementId: number,
    locale: Locale,
    limit: number,
    excludeIds: readonly number[],
  ): Promise<ServiceCard[]> {
    const rows = await db.query<ServiceCardRow>(
      `SELECT ${cardColumns(locale, '$2')}
         FROM services s
        WHERE s.enabled AND s.show_on_site AND s.popularity > 0
          AND s.id <> $1 AND NOT (s.id = ANY($4::int[]))
          AND EXISTS (SELECT 1 FROM service_prices p WHERE p.service_id = s.id AND p.settlement_id = $2)
          AND EXISTS (SELECT 1 FROM service_group_items a JOIN service_group_items b ON b.group_id = a.group_id
                       WHERE a.service_id = $1 AND b.service_id = s.id)
        ORDER BY s.package_service = (SELECT package_service FROM services WHERE id = $1) DESC,
                 s.popularity DESC, s.id
        LIMIT $3`,
      [serviceId, settlementId, limit, [...excludeIds]],
    );
    return rows.map(toServiceCard);
  }

  async function clientsBuy(serviceId: number, settlementId: number, locale: Locale): Promise<ServiceCard[]> {
    // the packages that include the service have their own list on its page (packagesOf): listed here
    // too, a phone scrolled through the same cards twice
    const packages = await packagesContaining(serviceId, settlementId, locale, 100);
    return popularNeighbours(
      serviceId,
      settlementId,
      locale,
      RELATED_LIMIT,
      packages.map((card) => card.id),
    );
  }

  return {
    /** Enabled and shown on the site. */
    async exists(serviceId: number): Promise<boolean> {
      const row = await db.maybeOne('SELECT 1 FROM services WHERE id = $1 AND enabled AND show_on_site', [serviceId]);
      return row !== null;
    },

    /**
     * One page of cards. Groups include their subgroups; with serviceIds alone services not offered in the
     * settlement are listed with a null price, otherwise only offered ones are listed.
     */
    async list(filter: ServiceListFilter, locale: Locale): Promise<PageOf<ServiceCard>> {
      const scope = memo ? listingScope(filter) : null;
      if (memo && scope) return listFromMemo(memo, scope, filter, locale);
      const p = new SqlParams();
      const ctes: string[] = [];
      const joins: string[] = [];
      const where = ['s.enabled', 's.show_on_site'];
      const byIdsOnly = filter.serviceIds !== undefined && !filter.groupIds && filter.query === undefined;
      // by ids, a service not offered in the city is listed (price null); otherwise only offered ones
      joins.push(
        `${byIdsOnly ? 'LEFT ' : ''}JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = ${p.add(filter.settlementId)}`,
      );
      let hits = false;
      if (filter.query !== undefined) {
        const cte = serviceHitsCtes(p, filter.query);
        if (cte === null) return pageOf([], 0, filter);
        ctes.push(cte);
        hits = true;
      }
      // the services of the chosen groups (and their subgroups), each with its catalogue position: the
      // deepest-listed of its groups; without groups, of all its groups
      let groupScope = '';
      if (filter.groupIds) {
        groupScope = `AND gi.group_id = ANY(${p.add(await groupsWithDescendants(db, filter.groupIds))}::int[])`;
      }
      const byGroupOrder = !hits && !byIdsOnly;
      if (filter.groupIds || byGroupOrder) {
        ctes.push(`grouped AS (
            SELECT gi.service_id AS id, max(g.sort_order) AS group_order
              FROM service_group_items gi JOIN service_groups g ON g.id = gi.group_id AND g.enabled
             WHERE true ${groupScope}
             GROUP BY gi.service_id
          )`);
        joins.push(`${filter.groupIds ? '' : 'LEFT '}JOIN grouped m ON m.id = s.id`);
      }
      if (filter.subgroupId !== undefined) {
        const subgroups = p.add(await groupsWithDescendants(db, [filter.subgroupId]));
        where.push(
          `s.id IN (SELECT gi.service_id FROM service_group_items gi WHERE gi.group_id = ANY(${subgroups}::int[]))`,
        );
      }
      if (filter.serviceIds) where.push(`s.id = ANY(${p.add([...filter.serviceIds])}::int[])`);
      if (filter.packageService !== undefined) where.push(`s.package_service = ${p.add(filter.packageService)}`);
      if (filter.gender) where.push(`(s.gender IS NULL OR s.gender = ${p.add(filter.gender)})`);

      const order: string[] = [];
      if (filter.priceSort) order.push(`pr.price ${filter.priceSort === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`);
      if (hits) order.push('h.rank DESC', 's.popularity DESC');
      else if (byIdsOnly) order.push(`array_position(${p.add([...(filter.serviceIds ?? [])])}::int[], s.id)`);
      else order.push('m.group_order NULLS LAST', 's.sort_order');
      order.push('s.id');

      const withClause = ctes.length > 0 ? `WITH ${ctes.join(',\n')}` : '';
      const from = `${hits ? 'hits h JOIN services s ON s.id = h.id' : 'services s'} ${joins.join(' ')}`;
      const limit = p.add(filter.size);
      const offset = p.add(pageOffset(filter.page, filter.size));
      const sql = `${withClause}
           SELECT s.id, count(*) OVER ()::int AS total
             FROM ${from}
            WHERE ${where.join(' AND ')}
            ORDER BY ${order.join(', ')}
            LIMIT ${limit} OFFSET ${offset}`;
      const run = async (q: Queryable) => {
        if (hits) await applySearchSettings(q, { indexScans: true });
        const rows = await q.query<{ id: number; total: number }>(sql, p.values);
        // past the last page there is no row to carry the total: ask for the first row
        const first =
          rows.length > 0 || filter.page === 0
            ? rows[0]
            : (await q.query<{ id: number; total: number }>(sql, [...p.values.slice(0, -2), 1, 0]))[0];
        return { ids: rows.map((row) => row.id), total: first?.total ?? 0 };
      };
      const { ids, total } = hits ? await inTransaction(db, run) : await run(db);
      return pageOf(await cardsByIds(db, ids, filter.settlementId, locale), total, filter);
    },

    /** The analysis or package page, priced in the settlement; null when there is no such visible service. */
    async bySlug(slug: string, settlementId: number, locale: Locale): Promise<ServiceInfo | null> {
      const row = await db.maybeOne<ServiceCardRow & { preparation: string | null }>(
        `SELECT ${cardColumns(locale, '$2')}, ${localized('s.preparation', locale)} AS preparation
           FROM services s
          WHERE s.slug = $1 AND s.enabled AND s.show_on_site`,
        [slug, settlementId],
      );
      if (!row) return null;
      const { preparation, ...cardRow } = row;
      const card = toServiceCard(cardRow);
      // a package's analyses are its contents; an analysis is its own one analysis
      const analyses = await db.query<AnalysisRow>(
        `SELECT a.id, a.code, ${localized('a.title', locale)} AS title, a.gender,
                coalesce((SELECT jsonb_agg(jsonb_build_object('id', m.id, 'title', ${localized('m.title', locale)})
                                           ORDER BY sm.sort_order, m.id)
                            FROM service_materials sm JOIN materials m ON m.id = sm.material_id
                           WHERE sm.service_id = a.id), '[]'::jsonb) AS materials
           FROM services a
           LEFT JOIN package_items pi ON pi.service_id = a.id AND pi.package_id = $1
          WHERE ($2::boolean AND pi.package_id IS NOT NULL AND a.enabled) OR (NOT $2::boolean AND a.id = $1)
          ORDER BY pi.sort_order NULLS FIRST, a.id`,
        [card.id, card.packageService],
      );
      const additionalServices = await db.query<ServiceRef>(
        `SELECT s.id, s.code, s.slug, ${localized('s.title', locale)} AS title, s.package_service AS "packageService"
           FROM additional_services x JOIN services s ON s.id = x.additional_service_id
          WHERE x.service_id = $1 AND s.enabled
          ORDER BY x.sort_order, s.id`,
        [card.id],
      );
      const partOf = await db.maybeOne(
        `SELECT 1 FROM package_items pi JOIN services s ON s.id = pi.package_id
          WHERE pi.service_id = $1 AND s.enabled AND s.show_on_site LIMIT 1`,
        [card.id],
      );
      return {
        ...card,
        analyses,
        materials: materialsText(analyses),
        preparation: preparation?.trim() ? preparation : null,
        clientsBuy: await clientsBuy(card.id, settlementId, locale),
        isPartOfPackets: partOf !== null,
        additionalServices,
      };
    },

    /** Null when there is no such visible service. */
    async preparation(serviceId: number, locale: Locale): Promise<ServicePreparation | null> {
      const row = await db.maybeOne<{ preparation: string | null }>(
        `SELECT ${localized('s.preparation', locale)} AS preparation
           FROM services s WHERE s.id = $1 AND s.enabled AND s.show_on_site`,
        [serviceId],
      );
      if (!row) return null;
      return { serviceId, preparation: row.preparation?.trim() ? row.preparation : null };
    },

    /** General preparation rules, in their order. */
    async preparationRules(locale: Locale): Promise<PreparationRule[]> {
      return db.query<PreparationRule>(
        `SELECT r.id, ${localized('r.title', locale)} AS title, ${localized('r.content', locale)} AS content
           FROM preparation_rules r
          WHERE r.enabled
          ORDER BY r.sort_order, r.id`,
      );
    },

    /** Packages that include the service. */
    async packagesOf(serviceId: number, settlementId: number, locale: Locale): Promise<ServiceCard[]> {
      return packagesContaining(serviceId, settlementId, locale, 100);
    },

    /**
     * "Clients also buy": the most popular services that share a group with the service, RELATED_LIMIT
     * in all, without the packages that include it (their own list, packagesOf).
     */
    clientsBuy,

    /** The most popular analyses and packages offered in the settlement. */
    async popular(settlementId: number, locale: Locale): Promise<ServiceCard[]> {
      const rows = await db.query<ServiceCardRow>(
        `SELECT ${cardColumns(locale, '$1')}
           FROM services s
          WHERE s.enabled AND s.show_on_site AND s.popularity > 0
            AND EXISTS (SELECT 1 FROM service_prices p WHERE p.service_id = s.id AND p.settlement_id = $1)
          ORDER BY s.popularity DESC, s.id
          LIMIT $2`,
        [settlementId, POPULAR_LIMIT],
      );
      return rows.map(toServiceCard);
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
