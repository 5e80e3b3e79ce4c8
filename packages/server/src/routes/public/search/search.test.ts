import type { SearchEntry, SearchGroupType, SearchResponse } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp();

// fixture: settlements 1 kyiv (Хрещатик, Берестейський, Драгоманова + a partner), 2 lviv (Свободи, Городоцька);
// services 1 blood draw (1001), 2 CBC (2001), 3 ferritin (2002, 232 of 290 in Kyiv), 4 PSA (2003), 5 checkup (K-101)
const KYIV = 1;
const LVIV = 2;
const ALL: SearchGroupType[] = ['services', 'service-packages', 'service-groups', 'branches'];

const search = (query: string, extra: Record<string, unknown> = {}, language?: string) =>
  ok<SearchResponse>(t.app, 'search', {
    body: { settlementId: KYIV, query, types: ALL, ...extra },
    ...(language ? { language } : {}),
  });

function titles(response: SearchResponse, type: SearchGroupType): string[] {
  const group = response.groups.find((g) => g.type === type);
  return (group?.items.content ?? []).map((entry: SearchEntry) =>
    'service' in entry ? entry.service.title : 'group' in entry ? entry.group.title : entry.branch.address,
  );
}

describe('POST search (search/search)', () => {
  it('answers every requested type in the requested order, with totals', async () => {
    const res = await search('феритин');
    expect(res.groups.map((g) => g.type)).toEqual(ALL);
    expect(res.groups[0]?.items).toEqual({
      totalElements: 1,
      content: [
        {
          service: {
            id: 3,
            title: 'Феритин',
            slug: 'ferritin',
            code: '2002',
            packageService: false,
            price: {
              price: { price: 232 },
              originalPrice: { price: 290 },
              additional: { price: 60, services: [expect.objectContaining({ code: '1001', price: 60 })] },
              total: { price: { price: 292 }, originalPrice: { price: 350 } },
            },
          },
        },
      ],
    });
    expect(res.totalCount).toBe(1);
    const some = await search('феритин', { types: ['branches', 'services'] });
    expect(some.groups.map((g) => g.type)).toEqual(['branches', 'services']);
  });

  it('prices hits in the chosen city and answers Russian titles', async () => {
    const res = await search('ферритин', { settlementId: LVIV }, 'ru');
    const hit = res.groups[0]?.items.content[0];
    expect(hit).toEqual({
      service: expect.objectContaining({
        title: 'Ферритин',
        price: expect.objectContaining({ price: { price: 214.5 }, originalPrice: { price: 268 } }),
      }),
    });
  });

  it('finds by code (exact first), by a word of the title, and by a typo', async () => {
    expect(titles(await search('2002'), 'services')[0]).toBe('Феритин');
    expect(titles(await search('k-101'), 'service-packages')).toEqual(['Базовий чекап']);
    expect(titles(await search('аналіз крові'), 'services')[0]).toBe('Загальний аналіз крові');
    expect(titles(await search('феретин'), 'services')[0]).toBe('Феритин');
    expect(titles(await search('athbnby'), 'services')[0]).toBe('Феритин'); // typed on the Latin layout
  });

  it('finds packages and categories', async () => {
    const res = await search('чекап');
    expect(titles(res, 'service-packages')).toEqual(['Базовий чекап']);
    expect(titles(res, 'service-groups')).toEqual(['Чекапи']);
    const group = res.groups.find((g) => g.type === 'service-groups')?.items.content[0];
    expect(group).toEqual({ group: { id: 3, title: 'Чекапи', slug: 'checkups', packageGroup: true } });
  });

  it('finds branches by street and by city, with their status and their city’s name', async () => {
    t.setNow('2026-11-18T10:00:00Z'); // Wednesday noon in Kyiv
    const street = await search('Хрещатик');
    const branch = street.groups.find((g) => g.type === 'branches')?.items.content[0];
    expect(branch).toEqual({
      branch: expect.objectContaining({
        settlementId: KYIV,
        settlementTitle: 'Київ',
        address: 'вул. Хрещатик, 1',
        status: 'open',
      }),
    });
    expect(titles(await search('львів', { settlementId: LVIV, types: ['branches'] }), 'branches')).toEqual([
      'просп. Свободи, 2',
      'вул. Городоцька, 20',
    ]);
    const russian = await search('Свободи', { settlementId: LVIV, types: ['branches'] }, 'ru');
    expect(russian.groups[0]?.items.content[0]).toEqual({
      branch: expect.objectContaining({ settlementTitle: 'Львов' }),
    });
  });

  it('lists only the chosen city’s branches: another city’s are no place to go', async () => {
    // "просп." is in Kyiv (Берестейський) and Lviv (Свободи)
    const settlementsOf = (res: SearchResponse) =>
      res.groups[0]?.items.content.map((e) => ('branch' in e ? e.branch.settlementId : 0));
    expect(settlementsOf(await search('просп', { settlementId: LVIV, types: ['branches'] }))).toEqual([LVIV]);
    expect(settlementsOf(await search('просп', { settlementId: KYIV, types: ['branches'] }))).toEqual([KYIV]);
    const lviv = await search('львів', { types: ['branches'] });
    expect(lviv.groups[0]?.items).toEqual({ totalElements: 0, content: [] });
  });

  it('pages each type with page and size', async () => {
    // "крові": the CBC (popularity 90) and the blood draw (0)
    const codes = (res: SearchResponse) =>
      res.groups[0]?.items.content.map((e) => ('service' in e ? e.service.code : ''));
    const first = await search('крові', { types: ['services'], size: 1 });
    expect(first.groups[0]?.items.totalElements).toBe(2);
    expect(codes(first)).toEqual(['2001']);
    const second = await search('крові', { types: ['services'], size: 1, page: 1 });
    expect(second.groups[0]?.items.totalElements).toBe(2);
    expect(codes(second)).toEqual(['1001']);
    const beyond = await search('крові', { types: ['services'], size: 1, page: 50 });
    expect(beyond.groups[0]?.items).toEqual({ totalElements: 2, content: [] });
  });

  it('treats LIKE pattern characters as text: they match nothing by themselves', async () => {
    for (const query of ['%', '_', '%%%', '\\', "'", '%_%']) {
      expect((await search(query)).totalCount).toBe(0);
    }
    // "100%" searches for 100: the code 1001 first (not every row, as LIKE '%100%%' would)
    const res = await search('100%', { types: ['services'] });
    expect(res.groups[0]?.items.content.map((e) => ('service' in e ? e.service.code : ''))).toEqual(['1001']);
  });

  it('refuses a blank query with a localized 400 (docs/product.md#validation: an empty query cannot be sent)', async () => {
    for (const query of ['', '   ']) {
      const uk = await call(t.app, 'search', { body: { settlementId: KYIV, query, types: ALL } });
      expect(uk).toMatchObject({
        status: 400,
        body: { code: 'validation-error', message: 'Введіть пошуковий запит', field: 'query' },
      });
    }
    const ru = await call(t.app, 'search', { body: { settlementId: KYIV, query: ' ', types: ALL }, language: 'ru' });
    expect(ru.body).toEqual({ code: 'validation-error', message: 'Введите поисковый запрос', field: 'query' });
  });

  it.each([
    ['a query over 100 characters', { query: 'ф'.repeat(101) }, 'query'],
    ['no types', { types: undefined }, 'types'],
    ['empty types', { types: [] }, 'types'],
    ['an unknown type', { types: ['doctors'] }, 'types'],
    ['repeated types', { types: ['services', 'services'] }, 'types'],
    ['no settlement', { settlementId: undefined }, 'settlementId'],
    ['a page below 0', { page: -1 }, 'page'],
    ['a size over 100', { size: 101 }, 'size'],
    ['an unknown field', { sort: 'price' }, 'sort'],
  ])('answers 400 for %s', async (_, extra, field) => {
    const body = { settlementId: KYIV, query: 'феритин', types: ALL, ...extra };
    const res = await call(t.app, 'search', { body: JSON.parse(JSON.stringify(body)) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation-error', field });
  });

  it('reads control characters as spaces and refuses ids beyond the database’s integers', async () => {
    expect((await search('фери\u0000тин')).groups).toHaveLength(4); // "фери тин": answered, not a 500
    expect(titles(await search('\u0000феритин\u0007'), 'services')).toEqual(['Феритин']);
    const res = await call(t.app, 'search', { body: { settlementId: 2_147_483_648, query: 'феритин', types: ALL } });
    expect(res).toMatchObject({ status: 400, body: { code: 'validation-error', field: 'settlementId' } });
  });

  it('answers 404 for an unknown settlement', async () => {
    const res = await call(t.app, 'search', { body: { settlementId: 999, query: 'феритин', types: ALL } });
    expect(res).toMatchObject({ status: 404, body: { code: 'not-found', message: 'Місто не знайдено' } });
  });

  it('leaves out disabled services and services not offered in the city', async () => {
    await t.db.query('UPDATE services SET enabled = false WHERE id = 3');
    try {
      expect((await search('феритин', { types: ['services'] })).totalCount).toBe(0);
    } finally {
      await t.db.query('UPDATE services SET enabled = true WHERE id = 3');
    }
    await t.db.query('DELETE FROM service_prices WHERE service_id = 3 AND settlement_id = $1', [LVIV]);
    try {
      expect((await search('феритин', { types: ['services'], settlementId: LVIV })).totalCount).toBe(0);
      expect((await search('феритин', { types: ['services'] })).totalCount).toBe(1);
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, 3, 214.5, 268)',
        [LVIV],
      );
    }
  });
});
