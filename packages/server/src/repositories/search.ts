/**
 * Site search (POST /search/search): analyses, packages, categories and branches in one answer.
 *
 * A query becomes one or more variants (domain/search-query.ts): the text itself; for Latin input its
 * Ukrainian and Russian keyboard-layout conversions ("athbnby" -> "феритин"); with one-letter names in
 * Latin ("вітамін д" -> "вітамін d"). A row is a candidate for a variant by any of
 *   code         services.code = 'K-101'                  btree
 *   full text    search_tsv @@ 'загальн:* & кров:*'        GIN on the 'simple' tsvector (migration 002)
 *   loose text   the same without stop and generic words   ("аналіз на феритин" -> 'феритин:*')
 *   substring    search_text LIKE '%text%'                 GIN trigram (migration 001)
 *   title start  search_title_uk LIKE 'te%'                btree, for one- and two-letter texts only
 * and, only when those found fewer than FUZZY_BELOW rows, by
 *   similarity   text <% search_text                       GIN trigram: typos of a letter or two
 *   skeleton     search_skeleton @@ 'хлстрн:*'             GIN: vowel typos ("холистирин")
 * A query that is a word of the field ("ЗАК", "цукор": seed/data/search-synonyms.ts) has a variant of
 * what it means, which also names the rows meant (codes, category slugs): they are candidates and rank
 * above every tier, in the synonym's order (7 + 1/position).
 * Candidates are ranked in tiers (the best variant counts):
 *   6 exact code or title (uk or ru)   5 title or code starts with the text   4 all words (+ cover density)
 *   3 substring (+ similarity)         2 loose words (+ cover density)         1 similarity only
 * then by popularity (services) or catalogue order (groups). Branches are the visitor's city's only,
 * each named with its city; a branch also matches by its city's name.
 *
 * Each type is one statement (the typo phase sits behind a one-time filter, so it costs nothing when
 * the exact phase found enough). The statements run in one transaction that sets the trigram threshold;
 * groups and branches (tens of rows) are each scanned once, then sequential scans are turned off for
 * the services statement, which runs last: the planner does not know that word_similarity() is
 * expensive and would otherwise read the whole services table.
 */
import type { SearchEntry, SearchGroup, SearchGroupType, SearchResponse, SearchServiceHit } from '@lab/api/contract';
import type { Queryable, SqlValue } from '../db/database';
import type { Clock } from '../domain/kyiv-time';
import { type SearchVariant, searchVariants } from '../domain/search-query';
import type { Locale } from '../i18n/messages';
import {
  type CatalogueMemo,
  isOffered,
  type Offer,
  type OrderedServices,
  offerIn,
  type RankedHits,
  type ReadAtVersion,
  readAtCurrentVersion,
} from './catalogue-memo';
import { CATALOGUE_VERSION_SQL } from './catalogue-version';
import { type AdditionalRow, additionalJsonSql, servicePrice } from './service-cards';
import { type BranchRow, branchColumns, toBranch } from './settlements';
import { localized, pageOffset } from './sql';
import { SqlParams } from './sql-params';
import { inTransaction } from './transaction';

/** Trigram word similarity needed for a typo match (pg_trgm's default 0.6 misses one-letter typos). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
/** Typo matching runs when the exact phase found fewer rows than this. */
export const FUZZY_BELOW = 3;
/** Shorter texts match by the start of a title only: LIKE or trigram of two letters cannot use an index. */
const MIN_FUZZY_LENGTH = 3;

export interface SearchRequest {
  readonly settlementId: number;
  readonly query: string;
  readonly types: readonly SearchGroupType[];
  readonly page: number;
  readonly size: number;
}

interface Target {
  readonly table: 'services' | 'service_groups' | 'branches';
  readonly alias: string;
  /** Has a code column (services). */
  readonly code: boolean;
  /** Has search_title_uk / search_title_ru (normalized titles) and search_skeleton. */
  readonly titles: boolean;
  /** The column a synonym's intended rows are named by (services: code, groups: slug). */
  readonly intendedBy: 'code' | 'slug' | null;
}

const SERVICES: Target = { table: 'services', alias: 's', code: true, titles: true, intendedBy: 'code' };
const GROUPS: Target = { table: 'service_groups', alias: 'g', code: false, titles: true, intendedBy: 'slug' };
const BRANCHES: Target = { table: 'branches', alias: 'b', code: false, titles: false, intendedBy: null };

/** `to_tsquery` of a parameter that holds only words, `:*` and `&` (search-query.ts builds it). */
const tsquery = (placeholder: string) => `to_tsquery('simple', ${placeholder}::text)`;

/** One variant's parameters, as placeholders (null: that way of matching does not apply). */
interface VariantSql {
  readonly text: string;
  /** One or two characters: titles and codes starting with it. */
  readonly startsWith: string | null;
  readonly all: string | null;
  readonly core: string | null;
  readonly like: string | null;
  readonly code: string | null;
  readonly skeleton: string | null;
  /** The words a typo match needs each of (SearchVariant.typoWords); null: the text. */
  readonly typoWords: readonly string[] | null;
  /** A synonym's intended rows (a text[] of codes or slugs, best first); null: none. */
  readonly intended: string | null;
  /** Typos of it are looked for (SearchVariant.typos). */
  readonly typos: boolean;
}

function variantSql(p: SqlParams, v: SearchVariant, target: Target): VariantSql {
  const short = v.text.length < MIN_FUZZY_LENGTH;
  const byTitleStart = short && target.titles;
  const intended =
    target.intendedBy === 'code' ? v.intendedCodes : target.intendedBy === 'slug' ? v.intendedGroups : [];
  return {
    text: p.add(v.text),
    startsWith: byTitleStart ? p.add(v.startsWith) : null,
    all: v.allWords === null || byTitleStart ? null : tsquery(p.add(v.allWords)),
    core: v.coreWords === null || short ? null : tsquery(p.add(v.coreWords)),
    like: short ? null : p.add(v.contains),
    code: target.code ? p.add(v.code) : null,
    skeleton: v.skeletonWords === null || short || !target.titles ? null : tsquery(p.add(v.skeletonWords)),
    // added only when used: a parameter the statement does not refer to has no type, and it fails
    typoWords: v.typoWords === null || short || !v.typos ? null : v.typoWords.map((word) => p.add(word)),
    intended: intended.length > 0 ? `${p.add([...intended])}::text[]` : null,
    typos: v.typos,
  };
}

/** Whether variantSql gives the variant at least one candidate select for the target. */
function canMatch(v: SearchVariant, target: Target): boolean {
  const short = v.text.length < MIN_FUZZY_LENGTH;
  return !short || target.titles || target.code || v.allWords !== null;
}

/**
 * The rank of a candidate row for one variant (the tiers above; higher is better): `CASE ${whens} ELSE
 * ${otherwise} END`. `similarityOnly`: the `otherwise` is tier 1, a similarity; else every candidate is
 * in a tier.
 */
type VariantRank = { whens: string; otherwise: string; similarityOnly: boolean };

function rankSql(v: VariantSql, target: Target): VariantRank {
  const a = target.alias;
  // a synonym's intended rows above every tier, in the synonym's order (the first 8, the next 7.5 ...)
  const intended = v.intended
    ? `WHEN ${a}.${target.intendedBy} = ANY(${v.intended}) THEN 7 + 1.0 / array_position(${v.intended}, ${a}.${target.intendedBy}) `
    : '';
  const exact: string[] = [];
  const prefix: string[] = [];
  if (v.code) {
    exact.push(`${a}.code = ${v.code}`);
    prefix.push(`starts_with(${a}.code, ${v.code})`);
  }
  if (target.titles) {
    exact.push(`${a}.search_title_uk = ${v.text}`, `${a}.search_title_ru = ${v.text}`);
    prefix.push(`starts_with(${a}.search_title_uk, ${v.text})`, `starts_with(${a}.search_title_ru, ${v.text})`);
  }
  // every candidate is a prefix
  if (v.startsWith) {
    return { whens: `${intended}WHEN ${exact.join(' OR ')} THEN 6`, otherwise: '5', similarityOnly: false };
  }
  // the best-matching word, and the whole text (among equal words, shorter titles first)
  const similarity = `(word_similarity(${v.text}, ${a}.search_text) + similarity(${v.text}, ${a}.search_text)) / 2`;
  const tiers: string[] = intended ? [intended.trim()] : [];
  if (exact.length > 0) tiers.push(`WHEN ${exact.join(' OR ')} THEN 6`);
  if (prefix.length > 0) tiers.push(`WHEN ${prefix.join(' OR ')} THEN 5`);
  if (v.all) tiers.push(`WHEN ${a}.search_tsv @@ ${v.all} THEN 4 + ts_rank_cd(${a}.search_tsv, ${v.all}, 32)`);
  if (v.like) tiers.push(`WHEN ${a}.search_text LIKE ${v.like} THEN 3 + ${similarity}`);
  if (v.core) tiers.push(`WHEN ${a}.search_tsv @@ ${v.core} THEN 2 + ts_rank_cd(${a}.search_tsv, ${v.core}, 32)`);
  return { whens: tiers.join(' '), otherwise: `1 + ${similarity}`, similarityOnly: true };
}

/**
 * The best rank over the variants. A tier (2 and up) beats any similarity-only rank (1 to 2), so the
 * similarities, dear over thousands of candidates, are computed only for a row no variant's tier
 * matches (coalesce stops at its first non-null argument): a query typed on the Latin layout has three
 * variants, and its Latin and Russian ones match no tier of a Ukrainian title.
 */
function bestRankSql(ranks: readonly VariantRank[]): string {
  const [only] = ranks;
  if (only && ranks.length === 1) return `CASE ${only.whens} ELSE ${only.otherwise} END`;
  const tiers = `greatest(${ranks
    .map((rank) => `CASE ${rank.whens} ELSE ${rank.similarityOnly ? '0' : rank.otherwise} END`)
    .join(', ')})`;
  // a prefix variant's tiers are 5 and up: no similarity can beat them
  if (ranks.some((rank) => !rank.similarityOnly)) return tiers;
  return `coalesce(nullif(${tiers}, 0), greatest(${ranks.map((rank) => rank.otherwise).join(', ')}))`;
}

/**
 * The conditions that make a row a candidate, over the target's alias: the exact phase's, or the typo
 * phase's. Where several variants can share one index scan they do (codes IN (...), tsqueries joined
 * with ||), which keeps the statement small to plan.
 */
function matchConditions(variants: readonly VariantSql[], target: Target, phase: 'exact' | 'fuzzy'): string[] {
  const a = target.alias;
  const conditions: string[] = [];
  const present = (values: ReadonlyArray<string | null>): string[] => [
    ...new Set(values.filter((value): value is string => value !== null)),
  ];
  if (phase === 'fuzzy') {
    for (const v of variants) {
      if (!v.like || !v.typos) continue;
      const words = v.typoWords ?? [v.text];
      conditions.push(`(${words.map((word) => `${word} <% ${a}.search_text`).join(' AND ')})`);
    }
    const skeletons = present(variants.map((v) => v.skeleton));
    if (skeletons.length > 0) conditions.push(`${a}.search_skeleton @@ (${skeletons.join(' || ')})`);
    return conditions;
  }
  for (const v of variants) {
    if (!v.startsWith) continue;
    conditions.push(`${a}.search_title_uk LIKE ${v.startsWith}`, `${a}.search_title_ru LIKE ${v.startsWith}`);
    if (v.code) conditions.push(`${a}.code LIKE upper(${v.startsWith})`);
  }
  for (const v of variants) if (v.intended) conditions.push(`${a}.${target.intendedBy} = ANY(${v.intended})`);
  const codes = present(variants.map((v) => v.code));
  if (codes.length > 0) conditions.push(`${a}.code IN (${codes.join(', ')})`);
  const words = present(variants.flatMap((v) => [v.all, v.core]));
  if (words.length > 0) conditions.push(`${a}.search_tsv @@ (${words.join(' || ')})`);
  for (const v of variants) if (v.like) conditions.push(`${a}.search_text LIKE ${v.like}`);
  return conditions;
}

/** The CTEs of hitsCtes when nothing can match. */
const noHits = `hits AS (SELECT NULL::int AS id, NULL::float8 AS rank WHERE false)`;

/** The variants that can match the target, as SQL, and their best rank; null when none can. */
function prepare(
  p: SqlParams,
  variants: readonly SearchVariant[],
  target: Target,
): { sql: VariantSql[]; rank: string } | null {
  // a variant with no way to match (punctuation only, for a target without titles) adds no parameters:
  // a parameter the statement does not refer to has no type, and the statement fails
  const sql = variants.filter((v) => canMatch(v, target)).map((v) => variantSql(p, v, target));
  if (sql.length === 0) return null;
  return { sql, rank: bestRankSql(sql.map((v) => rankSql(v, target))) };
}

/** `exact_ids`, `fuzzy_ids` (gated: only when the exact phase found fewer than FUZZY_BELOW rows), `hits`. */
function phasesCtes(exactIds: string, fuzzyIds: string, from: string, alias: string, rank: string): string {
  return `exact_ids AS (${exactIds}),
    fuzzy_ids AS (
      SELECT id FROM (${fuzzyIds}) f WHERE (SELECT count(DISTINCT id) FROM exact_ids) < ${FUZZY_BELOW}
    ),
    hits AS (
      SELECT ${alias}.id, ${rank} AS rank
        FROM (SELECT id FROM exact_ids UNION SELECT id FROM fuzzy_ids) c
        JOIN ${from.includes(' JOIN ') ? `(${from})` : from} ON ${alias}.id = c.id
    )`;
}

const NO_IDS = 'SELECT NULL::int AS id WHERE false';

/**
 * For a large table (services): the CTEs ending in `hits (id, rank)`, the best rank per matching row.
 * Candidate ids come from a UNION ALL of single-condition selects, each planned on its own index (an
 * OR of them makes the planner read the whole table; a UNION or a GROUP BY over the table sorts, and
 * then reads it in id order). Run with the search settings (sequential scans off).
 */
function hitsCtes(p: SqlParams, variants: readonly SearchVariant[], target: Target): string {
  const prepared = prepare(p, variants, target);
  if (!prepared) return noHits;
  const { table, alias: a } = target;
  const ids = (conditions: string[]) =>
    conditions.length === 0
      ? NO_IDS
      : conditions.map((c) => `SELECT ${a}.id FROM ${table} ${a} WHERE ${c}`).join(' UNION ALL ');
  return phasesCtes(
    ids(matchConditions(prepared.sql, target, 'exact')),
    ids(matchConditions(prepared.sql, target, 'fuzzy')),
    `${table} ${a}`,
    a,
    prepared.rank,
  );
}

/**
 * For a small table (groups, branches: tens of rows): the same CTEs, each phase one scan checking its
 * conditions on every row (cheaper to plan than an index scan per condition). `from` may join more
 * tables; `extra` adds conditions to each phase and a rank on them (a branch by its city's name).
 */
function smallHitsCtes(
  p: SqlParams,
  variants: readonly SearchVariant[],
  target: Target,
  from: string,
  extra: { exact: string[]; fuzzy: string[]; rank: string | null } = { exact: [], fuzzy: [], rank: null },
): string {
  const prepared = prepare(p, variants, target);
  if (!prepared && extra.exact.length === 0) return noHits;
  const exact = [...(prepared ? matchConditions(prepared.sql, target, 'exact') : []), ...extra.exact];
  const fuzzy = [...(prepared ? matchConditions(prepared.sql, target, 'fuzzy') : []), ...extra.fuzzy];
  const ranks = [...(prepared ? [prepared.rank] : []), ...(extra.rank ? [extra.rank] : [])];
  const scan = (conditions: string[]) =>
    conditions.length === 0 ? NO_IDS : `SELECT ${target.alias}.id FROM ${from} WHERE ${conditions.join(' OR ')}`;
  const rank = ranks.length === 1 ? (ranks[0] as string) : `greatest(${ranks.join(', ')})`;
  return phasesCtes(scan(exact), scan(fuzzy), from, target.alias, rank);
}

type Ranked = { total: number; position: number };
type ServiceHitRow = Ranked & {
  id: number;
  title: string;
  slug: string;
  code: string;
  packageService: boolean;
  price: number;
  fullPrice: number;
  additional: AdditionalRow[];
};
type GroupHitRow = Ranked & { id: number; title: string; slug: string; packageGroup: boolean };
type BranchHitRow = Ranked & BranchRow & { settlementTitle: string };

interface Paging {
  readonly offset: number;
  readonly size: number;
}

/** One type's answer before it becomes SearchEntry values. */
interface Part<T> {
  readonly total: number;
  readonly rows: T[];
}

/**
 * The page's rows plus, whatever the page, the first row of each partition (it carries the total).
 * `position` is 1-based within the partition.
 */
const pageFilter = (p: SqlParams, paging: Paging) =>
  `(position = 1 OR position > ${p.add(paging.offset)}) AND position <= ${p.add(paging.offset + paging.size)}`;

function toPart<T extends Ranked>(rows: readonly T[], paging: Paging): Part<T> {
  return { total: rows[0]?.total ?? 0, rows: rows.filter((row) => row.position > paging.offset) };
}

interface Query {
  readonly variants: readonly SearchVariant[];
  readonly request: SearchRequest;
  readonly locale: Locale;
  readonly paging: Paging;
  /** Analyses (false) and/or packages (true), as the request's types ask; empty: no services. */
  readonly packages: readonly boolean[];
  readonly groups: boolean;
  readonly branches: boolean;
}

/** Writes the CTEs that end in `hits (id, rank)`: matching and ranking inline, or a memo's rows. */
type HitsCtes = (p: SqlParams) => string;

/** Matching and ranking in one table, inline (the expensive part a memo keeps). */
function inlineHits(target: Target, variants: readonly SearchVariant[]): HitsCtes {
  if (target === GROUPS) return (p) => smallHitsCtes(p, variants, GROUPS, 'service_groups g');
  if (target === BRANCHES) {
    // branches match by their own texts and by their city's name (ranked as a substring match)
    return (p) => {
      const long = variants.filter((v) => v.text.length >= MIN_FUZZY_LENGTH);
      const cityExact = long.map((v) => `st.search_text LIKE ${p.add(v.contains)}`);
      return smallHitsCtes(p, variants, BRANCHES, 'branches b JOIN settlements st ON st.id = b.settlement_id', {
        exact: cityExact,
        fuzzy: long.map((v) => `${p.add(v.text)} <% st.search_text`),
        rank: cityExact.length > 0 ? `CASE WHEN ${cityExact.join(' OR ')} THEN 3 ELSE 0 END` : null,
      });
    };
  }
  return (p) => hitsCtes(p, variants, SERVICES);
}

/** A type's page as one JSON array, its rows in the order shown. */
const asJson = (rows: string, order: string): string =>
  `(SELECT coalesce(json_agg(t ORDER BY ${order}), '[]'::json) FROM (${rows}) t)`;

/** Analyses and/or packages, priced in the settlement: their pages as one JSON array. */
function servicesJson(p: SqlParams, query: Query, hits: HitsCtes): string {
  return asJson(
    `WITH ${hits(p)},
     ranked AS (
       SELECT s.id, ${localized('s.title', query.locale)} AS title, s.slug, s.code,
              s.package_service AS "packageService", pr.price, pr.full_price AS "fullPrice",
              count(*) OVER (PARTITION BY s.package_service)::int AS total,
              row_number() OVER (PARTITION BY s.package_service
                                 ORDER BY h.rank DESC, s.popularity DESC, s.id)::int AS position
         FROM hits h
         JOIN services s ON s.id = h.id
         JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = ${p.add(query.request.settlementId)}
        WHERE s.enabled AND s.show_on_site AND s.package_service = ANY(${p.add([...query.packages])}::boolean[])
     )
     SELECT ranked.*, ${additionalJsonSql(query.locale, 'ranked.id', p.add(query.request.settlementId))} AS additional
       FROM ranked WHERE ${pageFilter(p, query.paging)}`,
    't."packageService", t.position',
  );
}

function groupsJson(p: SqlParams, query: Query, hits: HitsCtes): string {
  return asJson(
    `WITH ${hits(p)},
     ranked AS (
       SELECT g.id, ${localized('g.title', query.locale)} AS title, g.slug,
              g.tree = 'packageServices' AS "packageGroup",
              count(*) OVER ()::int AS total,
              row_number() OVER (ORDER BY h.rank DESC, g.sort_order, g.id)::int AS position
         FROM hits h JOIN service_groups g ON g.id = h.id
        WHERE g.enabled
     )
     SELECT * FROM ranked WHERE ${pageFilter(p, query.paging)}`,
    't.position',
  );
}

/**
 * Branches of the visitor's city only, each with its city's name (docs/product.md#the-products-choices,
 * "Search"): another city's branch is no place to go, and "вул. Незалежності, 47" says nothing without
 * its city.
 */
function branchesJson(p: SqlParams, query: Query, hits: HitsCtes): string {
  return asJson(
    `WITH ${hits(p)},
     ranked AS (
       SELECT ${branchColumns(query.locale)}, ${localized('st.title', query.locale)} AS "settlementTitle",
              count(*) OVER ()::int AS total,
              row_number() OVER (ORDER BY h.rank DESC, b.partner, b.sort_order, b.id)::int AS position
         FROM hits h
         JOIN branches b ON b.id = h.id
         JOIN settlements st ON st.id = b.settlement_id
        WHERE b.enabled AND st.enabled AND b.settlement_id = ${p.add(query.request.settlementId)}
     )
     SELECT ranked.*, ${additionalJsonSql(query.locale, 'ranked.id', p.add(query.request.settlementId))} AS additional
       FROM ranked WHERE ${pageFilter(p, query.paging)}`,
    't.position',
  );
}

const settlementFoundSql = (p: SqlParams, query: Query) =>
  `EXISTS (SELECT 1 FROM settlements WHERE id = ${p.add(query.request.settlementId)} AND enabled) AS "settlementFound"`;

/** What the statements answer: whether the city is one, and each wanted type's page (null: not wanted). */
interface Found {
  readonly settlementFound: boolean;
  readonly groups?: GroupHitRow[] | null;
  readonly branches?: BranchHitRow[] | null;
  readonly services?: ServiceHitRow[] | null;
}

/** The small tables' columns of a statement (`groups`, `branches`), each when wanted. */
function smallColumns(p: SqlParams, query: Query, hitsOf: (target: Target) => HitsCtes): string[] {
  return [
    ...(query.groups ? [`${groupsJson(p, query, hitsOf(GROUPS))} AS groups`] : []),
    ...(query.branches ? [`${branchesJson(p, query, hitsOf(BRANCHES))} AS branches`] : []),
  ];
}

/** The tables a query searches, the small ones first (sequential scans go off before services). */
const targetsOf = (query: Query): Target[] => [
  ...(query.groups ? [GROUPS] : []),
  ...(query.branches ? [BRANCHES] : []),
  ...(query.packages.length > 0 ? [SERVICES] : []),
];

/** Without a memo: matching, ranking and pages inline, in two statements with the search settings. */
function findInline(db: Queryable, query: Query): Promise<Found> {
  const hitsOf = (target: Target) => inlineHits(target, query.variants);
  return withSearchSettings(db, async (q) => {
    const p = new SqlParams();
    const head = await q.one<Found>(
      `SELECT ${[settlementFoundSql(p, query), ...smallColumns(p, query, hitsOf)].join(', ')}`,
      p.values,
    );
    if (!head.settlementFound || query.packages.length === 0) return head;
    await q.query(INDEX_SCANS_SQL);
    const s = new SqlParams();
    const { services } = await q.one<Found>(`SELECT ${servicesJson(s, query, hitsOf(SERVICES))} AS services`, s.values);
    return { ...head, services };
  });
}

/*
 * What matching and ranking found for a query (the memo's `searchHits`): the dear part of a search
 * (word, trigram and similarity matching, the ranking of every candidate), which depends on neither the
 * city, the locale, the page nor the size, so one memo serves every city's search of the query.
 *   - groups and branches: (id, rank) rows, ranked again in the statement with the rest of their order;
 *   - services: the ids of those on the site, in the order shown (rank, popularity, id), and whether
 *     each is a package. With the city's offer the pages and totals are counted here, and the
 *     statement reads only the page's rows: a broad prefix ("взят": 2,330 hits at +20,000) costs its
 *     page, not its hits.
 */

/** Hits as CTEs over their rows: the same text whatever the query, so the statement can be prepared. */
const memoCtes =
  ({ ids, ranks }: RankedHits): HitsCtes =>
  (p) =>
    `hits AS (SELECT * FROM unnest(${p.add(ids)}::int[], ${p.add(ranks)}::float8[]) AS h(id, rank))`;

const NO_HITS: RankedHits = { ids: [], ranks: [] };

/** The matching services on the site in the order shown: the ranked CTEs of servicesJson, kept. */
const orderedServicesSql = (hits: string) =>
  `WITH ${hits}
   SELECT s.id, s.package_service AS "packageService"
     FROM hits h JOIN services s ON s.id = h.id
    WHERE s.enabled AND s.show_on_site
    ORDER BY h.rank DESC, s.popularity DESC, s.id`;

/**
 * The hits of each table the query searches at a catalogue version: from the memo, or found now. Their
 * statements are prepared: their texts vary only with the variants' shape (39 texts of the services'
 * for the bench's 1,306 queries), and planning was a quarter of a statement's time (3 ms on PostgreSQL
 * at +20,000).
 */
async function memoHits(
  db: Queryable,
  memo: CatalogueMemo,
  version: string,
  query: Query,
): Promise<{ small: (target: Target) => HitsCtes; services: OrderedServices }> {
  const key = (target: Target) => JSON.stringify([version, target.table, query.variants]);
  const small = new Map<Target, RankedHits>();
  let services: OrderedServices = { ids: [], packages: [] };
  const use = (target: Target, hits: RankedHits | OrderedServices) => {
    if ('packages' in hits) services = hits;
    else small.set(target, hits);
  };
  const missing: Target[] = [];
  for (const target of targetsOf(query)) {
    const kept = memo.searchHits.get(key(target));
    if (kept) use(target, kept);
    else missing.push(target);
  }
  if (missing.length > 0) {
    await withSearchSettings(db, async (q) => {
      // a title's start (one or two letters) is looked up in its btree by a range only a custom plan
      // computes from the pattern
      if (query.variants.every((v) => v.text.length >= MIN_FUZZY_LENGTH)) {
        await q.query(GENERIC_PLANS_SQL, [], { prepare: true });
      }
      for (const target of missing) {
        const p = new SqlParams();
        const hits = inlineHits(target, query.variants)(p);
        let value: RankedHits | OrderedServices;
        if (target === SERVICES) {
          await q.query(INDEX_SCANS_SQL, [], { prepare: true });
          const rows = await q.query<{ id: number; packageService: boolean }>(orderedServicesSql(hits), p.values, {
            prepare: true,
          });
          value = { ids: rows.map((row) => row.id), packages: rows.map((row) => row.packageService) };
        } else {
          const rows = await q.query<{ id: number; rank: number }>(`WITH ${hits} SELECT id, rank FROM hits`, p.values, {
            prepare: true,
          });
          value = { ids: rows.map((row) => row.id), ranks: rows.map((row) => Number(row.rank)) };
        }
        memo.searchHits.set(key(target), value);
        use(target, value);
      }
    });
  }
  return { small: (target) => memoCtes(small.get(target) ?? NO_HITS), services };
}

/** Where a service of a page stands: its position among its kind's hits in the city, and their total. */
type Place = { id: number; total: number; position: number };

/**
 * Each wanted kind's offered services, counted: the page's places and, whatever the page, the first
 * (it carries the total), as the inline statement's rows are.
 */
function placesOf(services: OrderedServices, offer: Offer, query: Query): Place[] {
  const { offset, size } = query.paging;
  const places: Place[] = [];
  for (const kind of query.packages) {
    const ids = services.ids.filter((id, index) => services.packages[index] === kind && isOffered(offer, id));
    ids.forEach((id, index) => {
      const position = index + 1;
      if (position === 1 || (position > offset && position <= offset + size)) {
        places.push({ id, total: ids.length, position });
      }
    });
  }
  return places;
}

/** The rows of the places' services, priced in the settlement, as one JSON array (in no order). */
function placedServicesJson(p: SqlParams, query: Query, places: readonly Place[]): string {
  const settlement = p.add(query.request.settlementId);
  return `(SELECT coalesce(json_agg(json_build_object(
             'id', s.id, 'title', ${localized('s.title', query.locale)}, 'slug', s.slug, 'code', s.code,
             'packageService', s.package_service, 'price', pr.price, 'fullPrice', pr.full_price,
             'additional', ${additionalJsonSql(query.locale, 's.id', settlement)})), '[]'::json)
      FROM services s
      JOIN service_prices pr ON pr.service_id = s.id AND pr.settlement_id = ${settlement}
     WHERE s.id = ANY(${p.add(places.map((place) => place.id))}::int[]))`;
}

/** The places' rows in their order, with their totals and positions. */
function placedRows(places: readonly Place[], rows: readonly Omit<ServiceHitRow, keyof Ranked>[]): ServiceHitRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return places.flatMap((place) => {
    const row = byId.get(place.id);
    return row ? [{ ...row, total: place.total, position: place.position }] : [];
  });
}

/**
 * With the memo: one prepared statement answers the settlement, the catalogue's version and every
 * wanted page. The memo is read at the last version a statement saw; when a read sees another (the
 * catalogue changed since), the hits and the offer are taken at the new one and the statement runs again.
 */
function findWithMemo(db: Queryable, memo: CatalogueMemo, query: Query): Promise<Found> {
  return readAtCurrentVersion(db, memo, async (version, last): Promise<ReadAtVersion<Found>> => {
    const hits = await memoHits(db, memo, version, query);
    let places: Place[] | null = null;
    if (query.packages.length > 0) {
      const offer = await offerIn(db, memo, version, query.request.settlementId);
      if (offer.version !== version && !last) return { newer: offer.version };
      places = placesOf(hits.services, offer.offer, query);
    }
    const p = new SqlParams();
    const columns = [
      settlementFoundSql(p, query),
      `(${CATALOGUE_VERSION_SQL}) AS version`,
      ...smallColumns(p, query, hits.small),
      ...(places ? [`${placedServicesJson(p, query, places)} AS services`] : []),
    ];
    const found = await db.one<Found & { version: string }>(`SELECT ${columns.join(', ')}`, p.values, {
      prepare: true,
    });
    return {
      value: places ? { ...found, services: placedRows(places, found.services ?? []) } : found,
      version: found.version,
    };
  });
}

function serviceEntry(row: ServiceHitRow): SearchEntry {
  const hit: SearchServiceHit = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    code: row.code,
    packageService: row.packageService,
    price: servicePrice(row.price, row.fullPrice, row.additional, row.id),
  };
  return { service: hit };
}

function group<T>(type: SearchGroupType, part: Part<T>, entry: (row: T) => SearchEntry): SearchGroup {
  return { type, items: { totalElements: part.total, content: part.rows.map(entry) } };
}

/** The trigram threshold of `<%`, for this transaction only (set_config(..., true)). */
const THRESHOLD_SQL = "SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)";
/**
 * For the rest of the transaction, a prepared statement is planned once, for any parameters: the
 * matching statements' texts vary only with the query's shape, and planning them for each query's
 * values cost more than running them at the seed (a typo match of several words has a condition per
 * word). Their plans' shape is set anyway: each candidate condition has its index, sequential scans and
 * hash and merge joins are off.
 */
const GENERIC_PLANS_SQL = "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)";
/**
 * Sequential scans off for the rest of the transaction: the planner does not know that
 * word_similarity() is expensive and would read the whole services table. Hash and merge joins off
 * too: the planner expects several times the candidates there are (rows of the UNION ALL), and then
 * joins services and the settlement's prices by reading their whole indexes instead of looking up
 * each candidate (at +20,000 services "взят" took 85 ms, 57 ms with lookups; bench/search-mix.ts).
 * Set before the services statement, which runs last (on the tiny tables a scan is right).
 */
const INDEX_SCANS_SQL = `SELECT set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true),
                                set_config('enable_mergejoin', 'off', true)`;

/** Applies the search settings to a transaction; `indexScans` before a statement over services. */
export async function applySearchSettings(q: Queryable, options: { indexScans: boolean }): Promise<void> {
  await q.query(THRESHOLD_SQL, [String(WORD_SIMILARITY_THRESHOLD)]);
  if (options.indexScans) await q.query(INDEX_SCANS_SQL);
}

/**
 * Runs search statements in a transaction with the trigram threshold set (on a Queryable that is
 * already a transaction, in it).
 */
export async function withSearchSettings<T>(db: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return inTransaction(db, async (q) => {
    await applySearchSettings(q, { indexScans: false });
    return fn(q);
  });
}

/**
 * The CTEs `exact_hits`, `fuzzy_hits` and `hits (id, rank)` of the services (analyses and packages,
 * any state) matching a text as the search does; null for a blank text. Run in a transaction after
 * applySearchSettings(q, { indexScans: true }).
 */
export function serviceHitsCtes(p: SqlParams, text: string): string | null {
  const variants = searchVariants(text);
  return variants.length === 0 ? null : hitsCtes(p, variants, SERVICES);
}

/** Why a search has no answer: the route's 404 and 400. */
export type SearchRefusal = 'settlement-not-found' | 'nothing-to-search';

function queryOf(request: SearchRequest, locale: Locale, variants: readonly SearchVariant[]): Query {
  const wanted = new Set(request.types);
  return {
    variants,
    request,
    locale,
    paging: { offset: pageOffset(request.page, request.size), size: request.size },
    packages: [...(wanted.has('services') ? [false] : []), ...(wanted.has('service-packages') ? [true] : [])],
    groups: wanted.has('service-groups'),
    branches: wanted.has('branches'),
  };
}

export function createSearchRepository(db: Queryable, clock: Clock, memo: CatalogueMemo | null = null) {
  return {
    /**
     * The answer, or why there is none: the settlement is not an enabled one, or the query has nothing
     * to search for (punctuation only; the settlement is not checked then).
     */
    async search(request: SearchRequest, locale: Locale): Promise<SearchResponse | SearchRefusal> {
      const variants = searchVariants(request.query);
      if (variants.length === 0) return 'nothing-to-search';
      const query = queryOf(request, locale, variants);
      const found = memo ? await findWithMemo(db, memo, query) : await findInline(db, query);
      if (!found.settlementFound) return 'settlement-not-found';
      const now = clock();
      const services = found.services ?? [];
      const groups = request.types.map((type): SearchGroup => {
        if (type === 'services' || type === 'service-packages') {
          const kind = type === 'service-packages';
          const part = toPart(
            services.filter((row) => row.packageService === kind),
            query.paging,
          );
          return group(type, part, serviceEntry);
        }
        if (type === 'service-groups') {
          return group(type, toPart(found.groups ?? [], query.paging), ({ id, title, slug, packageGroup }) => ({
            group: { id, title, slug, packageGroup },
          }));
        }
        return group(type, toPart(found.branches ?? [], query.paging), (row) => ({
          branch: { ...toBranch(row, now), settlementTitle: row.settlementTitle },
        }));
      });
      return { groups, totalCount: groups.reduce((sum, g) => sum + g.items.totalElements, 0) };
    },

    /**
     * The services statement of a request (its page as JSON, hits inline) and the settings it runs
     * with, for EXPLAIN (bench, plan tests); null for a blank query.
     */
    servicesStatement(request: SearchRequest, locale: Locale): { sql: string; params: SqlValue[] } | null {
      const variants = searchVariants(request.query);
      if (variants.length === 0) return null;
      const query = queryOf({ ...request, types: ['services', 'service-packages'] }, locale, variants);
      const p = new SqlParams();
      return { sql: `SELECT ${servicesJson(p, query, inlineHits(SERVICES, variants))} AS services`, params: p.values };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
