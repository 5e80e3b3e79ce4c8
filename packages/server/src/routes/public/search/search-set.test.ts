/**
 * The search test set: queries a visitor types, each with the hit that must come first, run through the
 * real app on the real seed (src/seed/data), in Kyiv. A case names the list it looks at (analyses,
 * packages, categories, branches) and the expected first entry: a service code, a group slug or a
 * piece of a branch address. Add a case whenever search gets something wrong.
 */
import type { SearchEntry, SearchGroupType, SearchResponse } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { migrate } from '../../../db/migrate';
import { applySearchSettings } from '../../../repositories/search';
import { seedData } from '../../../seed/data';
import { searchSynonyms } from '../../../seed/data/search-synonyms';
import { insertSeed } from '../../../seed/insert';
import { openEmptyDatabase, type TestDatabase } from '../../../test-support/harness';
import { call } from '../../../test-support/http';

type Case = readonly [kind: string, query: string, type: SearchGroupType, expected: string];

const CASES: readonly Case[] = [
  // Ukrainian names
  ['uk', 'феритин', 'services', '2702'],
  ['uk', 'глюкоза', 'services', '2401'],
  ['uk', 'загальний аналіз крові', 'services', '1002'],
  ['uk', 'холестерин', 'services', '2101'],
  ['uk', 'тиреотропний гормон', 'services', '3001'],
  ['uk', 'пролактин', 'services', '3103'],
  ['uk', 'сечовина', 'services', '2202'],
  ['uk', 'вітамін D', 'services', '6001'],
  ['uk', 'аналіз на феритин', 'services', '2702'],
  // Russian names
  ['ru', 'ферритин', 'services', '2702'],
  ['ru', 'общий анализ крови', 'services', '1002'],
  ['ru', 'гликированный гемоглобин', 'services', '2402'],
  ['ru', 'мочевина', 'services', '2202'],
  ['ru', 'тестостерон общий', 'services', '3106'],
  ['ru', 'витамин д', 'services', '6001'],
  ['ru', 'печёночные пробы', 'services', '2010'],
  // parts of names
  ['partial', 'ферит', 'services', '2702'],
  ['partial', 'холест', 'services', '2101'],
  ['partial', 'прогест', 'services', '3105'],
  ['partial', 'тестост', 'services', '3106'],
  ['partial', 'копрогр', 'services', '9201'],
  // lab codes: an exact code first
  ['code', '2702', 'services', '2702'],
  ['code', '1002', 'services', '1002'],
  ['code', 'K-101', 'service-packages', 'K-101'],
  ['code', 'k-201', 'service-packages', 'K-201'],
  ['code', 'V-01', 'services', 'V-01'],
  ['code', 'g-103', 'services', 'G-103'],
  // typos of one letter
  ['typo', 'феретин', 'services', '2702'],
  ['typo', 'холестирин', 'services', '2101'],
  ['typo', 'гемоглабин', 'services', '1006'],
  ['typo', 'кортизолл', 'services', '3201'],
  ['typo', 'капрограма', 'services', '9201'],
  ['typo', 'прокальцитонин', 'services', '2512'],
  ['typo', 'пролактінн', 'services', '3103'],
  // typos of two letters
  ['typo 2', 'ферретинн', 'services', '2702'],
  ['typo 2', 'холистирин', 'services', '2101'],
  ['typo 2', 'гомоцистеин', 'services', '2506'],
  ['typo 2', 'тестостерн загальнй', 'services', '3106'],
  // typed on the Latin layout
  ['layout', 'athbnby', 'services', '2702'],
  ['layout', 'uk.rjpf', 'services', '2401'],
  ['layout', 'rjhnbpjk', 'services', '3201'],
  ['layout', 'ghjkfrnby', 'services', '3103'],
  ['layout', 'ntcnjcnthjy pfufkmybq', 'services', '3106'],
  ['layout', 'rjfuekjuhfvf', 'service-groups', 'coagulation'],
  ['layout', 'dbnfvby d12', 'services', '6002'],
  // apostrophe variants
  ['apostrophe', 'зв’язує статеві гормони', 'services', '3108'],
  ['apostrophe', "зв'язує статеві гормони", 'services', '3108'],
  ['apostrophe', 'звʼязує статеві гормони', 'services', '3108'],
  ['apostrophe', 'кеш`ю', 'services', '5140'],
  // categories and packages
  ['group', 'гормони', 'service-groups', 'hormones'],
  ['group', 'алергологія', 'service-groups', 'allergology'],
  ['group', 'онкомаркеры', 'service-groups', 'tumor-markers'],
  ['group', 'коагулограма', 'service-groups', 'coagulation'],
  ['group', 'щитовидная железа', 'service-groups', 'thyroid-hormones'],
  ['group', 'вагітність', 'service-groups', 'pregnancy'],
  ['package', 'check-up для жінок', 'service-packages', 'K-101'],
  ['package', 'TORCH', 'service-packages', 'K-507'],
  // the field's words (seed/data/search-synonyms.ts): abbreviations and lay words, uk and ru
  ['synonym', 'ЗАК', 'services', '1002'],
  ['synonym', 'ОАК', 'services', '1002'],
  ['synonym', 'зак', 'service-groups', 'complete-blood-count'],
  ['synonym', 'здати ЗАК', 'services', '1002'],
  ['synonym', 'анализ ОАМ', 'services', '9001'],
  ['synonym', 'ЗАС', 'services', '9001'],
  ['synonym', 'БАК', 'service-groups', 'biochemistry'],
  ['synonym', 'бх', 'services', '2010'],
  ['synonym', 'ТТГ', 'services', '3001'],
  ['synonym', 'ПСА', 'services', '7001'],
  ['synonym', 'HbA1c', 'services', '2402'],
  ['synonym', 'цукор', 'services', '2401'],
  ['synonym', 'сахар крови', 'services', '2401'],
  ['synonym', 'вітамін Д', 'services', '6001'],
  ['synonym', 'вит д', 'services', '6001'],
  ['synonym', 'ферум', 'services', '2701'],
  ['synonym', 'железо', 'services', '2701'],
  ['synonym', 'АЛТ', 'services', '2001'],
  ['synonym', 'АСТ', 'services', '2002'],
  ['synonym', 'СРБ', 'services', '2508'],
  ['synonym', 'СОЭ', 'services', '1004'],
  ['synonym', 'МНО', 'services', '1101'],
  ['synonym', 'хгч', 'services', '3110'],
  ['synonym', 'ліпідограма', 'services', '2105'],
  ['synonym', 'пап-тест', 'services', '9301'],
  // lay words (seed/data/search-synonyms.ts), and "аналіз на ..." read as the word itself
  ['lay', 'ковід', 'services', '4501'],
  ['lay', 'ковид', 'services', '4501'],
  ['lay', 'аналіз на ковід', 'services', '4501'],
  ['lay', 'анализ на ковид', 'service-groups', 'respiratory-infections'],
  ['lay', 'коронавірус', 'services', '4501'],
  ['lay', 'гормони щитовидки', 'services', '3001'],
  ['lay', 'гормони щитовидної залози', 'services', '3001'],
  ['lay', 'гормоны щитовидки', 'services', '3001'],
  ['lay', 'аналіз на гормони щитовидки', 'service-groups', 'thyroid-hormones'],
  ['lay', 'кал', 'services', '9201'],
  ['lay', 'аналіз калу', 'services', '9201'],
  ['lay', 'аналіз крові на цукор', 'services', '2401'],
  ['lay', 'аналіз на вагітність', 'services', '3110'],
  ['lay', 'запаси заліза', 'services', '2702'],
  // cities and streets
  ['branch', 'хрещатик', 'branches', 'Хрещатик'],
  ['branch', 'крещатик', 'branches', 'Хрещатик'],
];

const TYPES: SearchGroupType[] = ['services', 'service-packages', 'service-groups', 'branches'];

function firstOf(response: SearchResponse, type: SearchGroupType): string | null {
  const entry: SearchEntry | undefined = response.groups.find((g) => g.type === type)?.items.content[0];
  if (!entry) return null;
  if ('service' in entry) return entry.service.code;
  if ('group' in entry) return entry.group.slug;
  return entry.branch.address;
}

let t: TestDatabase;
let app: FastifyInstance;
let kyiv: number;

beforeAll(async () => {
  t = await openEmptyDatabase();
  await migrate(t.db);
  await insertSeed(t.db, seedData);
  app = await buildApp({ db: t.db, config: { rateLimitMax: 0 }, docsUi: false });
  kyiv = (await t.db.one<{ id: number }>("SELECT id FROM settlements WHERE source_id = 'kyiv'")).id;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe(`the search test set (${CASES.length} queries on the real seed)`, () => {
  it('has at least 40 cases, each query once', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map(([, query]) => query)).size).toBe(CASES.length);
  });

  it.each(CASES)('%s: "%s" -> first in %s is %s', async (_, query, type, expected) => {
    const res = await call(app, 'search', { body: { settlementId: kyiv, query, types: TYPES, size: 5 } });
    expect(res.status).toBe(200);
    const first = firstOf(res.body as SearchResponse, type);
    if (type === 'branches') expect(first).toContain(expected);
    else expect(first).toBe(expected);
  });
});

/** Each term of the field's words with what must come first: its first analysis, else its first category. */
const SYNONYM_CASES = searchSynonyms.flatMap((synonym) =>
  synonym.terms.flatMap((term) =>
    (['uk', 'ru'] as const).map((language) => {
      const [code] = synonym.codes;
      const [group] = synonym.groups ?? [];
      const [type, expected]: [SearchGroupType, string | undefined] = code
        ? ['services', code]
        : ['service-groups', group];
      return [term, language, type, expected] as const;
    }),
  ),
);

describe(`the field's words (${SYNONYM_CASES.length / 2} terms, in uk and ru)`, () => {
  it.each(SYNONYM_CASES)('"%s" (%s) -> first in %s is %s', async (term, language, type, expected) => {
    const res = await call(app, 'search', {
      body: { settlementId: kyiv, query: term, types: TYPES, size: 5 },
      language,
    });
    expect(res.status).toBe(200);
    expect(firstOf(res.body as SearchResponse, type)).toBe(expected);
  });
});

/** Branch queries in a city: only that city's branches, each with the city's name; null: none. */
const CITY_CASES: readonly (readonly [query: string, city: string, expected: string | null])[] = [
  ['одесса', 'odesa', 'Дерибасівська'],
  ['дерибасівська', 'odesa', 'Дерибасівська'],
  ['львів', 'lviv', 'Свободи'],
  ['ЗАК', 'berdychiv', null],
  ['ковід', 'berdychiv', null],
  ['хрещатик', 'lviv', null],
];

describe('branches are the chosen city’s only, named with it', () => {
  it.each(CITY_CASES)('"%s" in %s -> first branch %s', async (query, city, expected) => {
    const { id, title } = await t.db.one<{ id: number; title: string }>(
      'SELECT id, title_uk AS title FROM settlements WHERE source_id = $1',
      [city],
    );
    const res = await call(app, 'search', { body: { settlementId: id, query, types: TYPES, size: 50 } });
    expect(res.status).toBe(200);
    const branches = ((res.body as SearchResponse).groups.find((g) => g.type === 'branches')?.items.content ?? [])
      .flatMap((entry) => ('branch' in entry ? [entry.branch] : []))
      .map((branch) => `${branch.settlementTitle}, ${branch.address}`);
    if (expected === null) expect(branches).toEqual([]);
    else expect(branches[0]).toContain(expected);
    for (const branch of branches) expect(branch.startsWith(`${title}, `)).toBe(true);
  });
});

describe('a word of the field is not read as a typo', () => {
  it('"ЗАК" finds blood counts, not what looks like it (ПСА загальний, Обмін заліза)', async () => {
    const res = await call(app, 'search', { body: { settlementId: kyiv, query: 'ЗАК', types: TYPES, size: 10 } });
    const body = res.body as SearchResponse;
    const titles = (type: SearchGroupType) =>
      (body.groups.find((g) => g.type === type)?.items.content ?? []).map((entry) =>
        'service' in entry ? entry.service.title : 'group' in entry ? entry.group.title : entry.branch.address,
      );
    expect(titles('services').length).toBeGreaterThan(2);
    for (const title of titles('services')) expect(title).toMatch(/аналіз крові/);
    expect(titles('service-groups')).not.toContain('Обмін заліза');
  });
});

describe('search plans on the real seed', () => {
  it('finds candidates through the search indexes, not by reading the services table', async () => {
    const statement = app.repos.search.servicesStatement(
      { settlementId: kyiv, query: 'феритин', types: ['services'], page: 0, size: 10 },
      'uk',
    );
    if (!statement) throw new Error('no statement');
    const plan = await t.db.transaction(async (tx) => {
      await applySearchSettings(tx, { indexScans: true });
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('services_search_tsv_idx');
    expect(plan).toContain('services_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on services\b/);
  });
});
