/**
 * What the public catalogue's dear statements found, kept by catalogue version (catalogue-version.ts):
 * a version is never changed, so a kept value is never stale, only unused once the version moves on.
 *   - `searchHits`: what a search query's matching and ranking found (search.ts);
 *   - `listings`: a category's services in catalogue order (services.ts);
 *   - `offers`: each city's offer, the services priced there, as a bitmap by id.
 * Neither hits nor listings depend on the city: with the city's offer a page and its total are counted
 * in the server, and a statement reads only the page's rows.
 */
import type { ServiceGenderFilter } from '@lab/api/contract';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database';
import { CATALOGUE_VERSION_SQL, catalogueVersion } from './catalogue-version';

/** Groups' or branches' hits: (id, rank) rows, ranked again in the statement with the rest of their order. */
export type RankedHits = { readonly ids: number[]; readonly ranks: number[] };
/** Services' hits on the site in the order shown, and whether each is a package. */
export type OrderedServices = { readonly ids: number[]; readonly packages: boolean[] };
/** A category's services on the site in catalogue order, with what the list's filters read. */
export type Listing = {
  readonly ids: number[];
  readonly packages: boolean[];
  readonly genders: (ServiceGenderFilter | null)[];
};
/** Bit `id` set: the service is priced in the city. */
export type Offer = Uint8Array;

export type CatalogueMemo = {
  readonly searchHits: LRUCache<string, RankedHits | OrderedServices>;
  readonly listings: LRUCache<string, Listing>;
  readonly offers: LRUCache<string, Offer>;
  /** The catalogue version the last statement saw: where the memo is read first. */
  readonly seen: { version: string | null };
};

/** Cities' offers kept at once: a bitmap is an eighth of a byte per service (2.6 KB at +20,000). */
const OFFERS_KEPT = 256;

/** `maxRows`: the rows (ids) kept in each of the search hits and the listings. */
export function createCatalogueMemo(maxRows: number): CatalogueMemo {
  const ofRows = <T extends { readonly ids: number[] }>() =>
    new LRUCache<string, T>({ maxSize: Math.max(1, maxRows), sizeCalculation: (kept) => kept.ids.length + 1 });
  return {
    searchHits: ofRows<RankedHits | OrderedServices>(),
    listings: ofRows<Listing>(),
    offers: new LRUCache({ max: OFFERS_KEPT }),
    seen: { version: null },
  };
}

export const isOffered = (offer: Offer, id: number): boolean => ((offer[id >> 3] ?? 0) & (1 << (id & 7))) !== 0;

function toOffer(ids: readonly number[]): Offer {
  const offer = new Uint8Array((ids.reduce((max, id) => Math.max(max, id), 0) >> 3) + 1);
  for (const id of ids) offer[id >> 3] = (offer[id >> 3] ?? 0) | (1 << (id & 7));
  return offer;
}

/** The services a city offers, as of the version read with them (`version`: another means it changed). */
export async function offerIn(
  db: Queryable,
  memo: CatalogueMemo,
  version: string,
  settlementId: number,
): Promise<{ offer: Offer; version: string }> {
  const kept = memo.offers.get(JSON.stringify([version, settlementId]));
  if (kept) return { offer: kept, version };
  const row = await db.one<{ version: string; ids: number[] }>(
    `SELECT (${CATALOGUE_VERSION_SQL}) AS version, coalesce(array_agg(service_id), '{}') AS ids
       FROM service_prices WHERE settlement_id = $1`,
    [settlementId],
    { prepare: true },
  );
  const offer = toOffer(row.ids);
  memo.offers.set(JSON.stringify([row.version, settlementId]), offer);
  return { offer, version: row.version };
}

/**
 * A read of memo values and one statement at a catalogue version: the statement's answer and the version
 * it saw, or (when a memo value was read at a newer version than asked) that version, to read again at.
 */
export type ReadAtVersion<T> = { readonly value: T; readonly version: string } | { readonly newer: string };

/**
 * Reads at the last version a statement saw (no round trip for the version), and once more at a newer
 * one when the read saw it: the catalogue changed since, and the memo's values are taken at the new
 * version. A second read is final (`last`: it must not ask to read again), so a catalogue changing
 * under every read costs two reads, not a loop.
 */
export async function readAtCurrentVersion<T>(
  db: Queryable,
  memo: CatalogueMemo,
  read: (version: string, last: boolean) => Promise<ReadAtVersion<T>>,
): Promise<T> {
  let version = memo.seen.version ?? (await catalogueVersion(db));
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt > 0;
    const result = await read(version, last);
    if ('newer' in result) {
      version = result.newer;
      continue;
    }
    memo.seen.version = result.version;
    if (result.version === version || last) return result.value;
    version = result.version;
  }
}
