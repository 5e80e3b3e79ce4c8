/**
 * The search bench's traffic, made from the seed in the database: at least 500 distinct queries of the
 * kinds visitors type, asked in a Zipf distribution (the k-th most asked query is asked 1/k as often as
 * the first), over the cities by their number of branches; and category lists likewise. Deterministic
 * (a seeded PRNG): the same database gives the same mix, so before and after ask the same.
 *
 * The seed's own services (the lowest ids) and the field's words (seed/data/search-synonyms.ts) give the
 * queries, so that the seed and the seed plus
 * synthetic services are asked the same mix.
 */
import type { Queryable } from '../src/db/database';
import { toQwerty } from '../src/domain/keyboard-layout';
import { searchSynonyms } from '../src/seed/data/search-synonyms';
import { mulberry32 } from '../src/seed/data/util';

export type QueryKind =
  | 'title'
  | 'prefix'
  | 'code'
  | 'typo'
  | 'latin layout'
  | 'russian'
  | 'synonym'
  | 'category'
  | 'city';

export interface MixRequest {
  readonly kind: QueryKind;
  readonly body: {
    readonly settlementId: number;
    readonly query: string;
    readonly types: readonly string[];
    readonly page: number;
    readonly size: number;
  };
}

export interface CategoryRequest {
  readonly page: number;
  readonly body: { settlementId: number; groupIds: number[]; sort: 'group'; showOnSite: true };
}

const DROPDOWN = ['services', 'service-packages', 'service-groups'];
const SEARCH_PAGE = ['services', 'service-packages', 'service-groups', 'branches'];
const MIN_DISTINCT = 500;
const SEQUENCE_LENGTH = 200_000;

/** A sampler of indexes 0..n-1 with weight 1/(index+1)^s. */
function zipf(n: number, random: () => number, s = 1): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) {
    sum += 1 / k ** s;
    cumulative.push(sum);
  }
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

const words = (text: string, count: number) => text.toLowerCase().split(/\s+/).slice(0, count).join(' ');

/** A typo as people make them: a letter dropped, doubled or swapped with the next one. */
function typo(text: string, random: () => number): string {
  const letters = [...text];
  const at = 1 + Math.floor(random() * Math.max(1, letters.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) letters.splice(at, 1);
  else if (kind === 1) letters.splice(at, 0, letters[at] ?? '');
  else [letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at] ?? ''];
  return letters.join('');
}

export async function makeMix(db: Queryable) {
  const random = mulberry32(20261125);
  const services = await db.query<{ uk: string; ru: string; code: string }>(
    `SELECT title_uk AS uk, title_ru AS ru, code FROM services
      WHERE enabled AND show_on_site ORDER BY id LIMIT 160`,
  );
  const groups = await db.query<{ id: number; uk: string }>(
    'SELECT id, title_uk AS uk FROM service_groups WHERE enabled ORDER BY id',
  );
  const cities = await db.query<{ id: number; uk: string }>(
    `SELECT s.id, s.title_uk AS uk FROM settlements s JOIN branches b ON b.settlement_id = s.id AND b.enabled
      WHERE s.enabled GROUP BY s.id ORDER BY count(*) DESC, s.id`,
  );
  const byKind: Array<[QueryKind, string[]]> = [
    ['title', services.map((s) => s.uk.toLowerCase())],
    // letter by letter, as the dropdown asks while a visitor types the first word or two
    [
      'prefix',
      services.slice(0, 60).flatMap((s) => [...words(s.uk, 2)].map((_, i, all) => all.slice(0, i + 1).join(''))),
    ],
    ['code', services.slice(0, 100).map((s) => s.code)],
    ['typo', services.slice(0, 100).map((s) => typo(words(s.uk, 2), random))],
    ['latin layout', services.slice(0, 80).map((s) => toQwerty(words(s.uk, 2), 'uk'))],
    ['russian', services.slice(0, 80).map((s) => s.ru.toLowerCase())],
    // the field's words as typed: "ЗАК", "оак", "цукор", "вітамін д"
    ['synonym', searchSynonyms.flatMap((synonym) => synonym.terms)],
    ['category', groups.map((g) => g.uk.toLowerCase())],
    ['city', cities.map((c) => c.uk.toLowerCase())],
  ];
  const seen = new Set<string>();
  const queries: Array<{ kind: QueryKind; query: string }> = [];
  for (const [kind, list] of byKind) {
    for (const raw of list) {
      const query = raw.trim().slice(0, 100);
      if (query === '' || seen.has(query)) continue;
      seen.add(query);
      queries.push({ kind, query });
    }
  }
  if (queries.length < MIN_DISTINCT) throw new Error(`only ${queries.length} distinct queries from this seed`);
  const samples = byKind.map(([kind]) => queries.find((q) => q.kind === kind)).filter((q) => q !== undefined);
  // the first word's prefixes of 3+ letters are what a plan should show (1-2 letters are title starts)
  const prefixSample = queries.find((q) => q.kind === 'prefix' && q.query.length === 4);
  if (prefixSample) samples.splice(1, 1, prefixSample);

  const ranked = shuffle([...queries], random);
  const query = zipf(ranked.length, random);
  const city = zipf(cities.length, random);
  const group = zipf(groups.length, random);
  const rankedGroups = shuffle([...groups], random);
  const searches: MixRequest[] = [];
  const categories: CategoryRequest[] = [];
  for (let i = 0; i < SEQUENCE_LENGTH; i++) {
    const { kind, query: text } = ranked[query()] as (typeof queries)[number];
    const settlementId = (cities[city()] as { id: number }).id;
    const page = kind !== 'prefix' && random() < 0.25;
    searches.push({
      kind,
      body: { settlementId, query: text, types: page ? SEARCH_PAGE : DROPDOWN, page: 0, size: page ? 10 : 9 },
    });
    const r = random();
    categories.push({
      page: r < 0.8 ? 0 : r < 0.95 ? 1 : 2,
      body: {
        settlementId: (cities[city()] as { id: number }).id,
        groupIds: [(rankedGroups[group()] as { id: number }).id],
        sort: 'group',
        showOnSite: true,
      },
    });
  }
  return { distinct: queries.length, samples, searches, categories, settlementIds: cities.map((c) => c.id) };
}

export type Mix = Awaited<ReturnType<typeof makeMix>>;
