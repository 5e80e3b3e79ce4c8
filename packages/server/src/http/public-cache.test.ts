/**
 * The cache of public answers must never show what the catalogue no longer says, nor one city's,
 * locale's or minute's answer to another: a price change is visible at once (a cached answer and an
 * ETag both change), and the answers' HTTP headers let a browser revalidate and a CDN share them.
 */
import type { Branch, Page, SearchResponse, ServiceCard, ServiceInfo } from '@lab/api/contract';
import { buildApp } from '../app';
import { DEFAULT_NOW, useTestApp } from '../test-support/harness';
import { call, ok } from '../test-support/http';
import { createPublicCache, PUBLIC_CACHE_CONTROL } from './public-cache';

const t = useTestApp();
const KYIV = 1;
const LVIV = 2;
const FERRITIN = 3;

const bySlug = (settlementId: number, headers: Record<string, string> = {}, language?: string) =>
  call(t.app, 'serviceBySlug', {
    params: { slug: 'ferritin' },
    query: { settlementId },
    headers,
    ...(language ? { language } : {}),
  });
const priceOf = (info: unknown) => (info as ServiceInfo).price?.price.price;
const setPrice = (settlementId: number, price: number) =>
  t.db.query('UPDATE service_prices SET price = $3, full_price = $3 WHERE settlement_id = $1 AND service_id = $2', [
    settlementId,
    FERRITIN,
    price,
  ]);

describe('the cache of public answers', () => {
  let kyivPrice: number;
  let lvivPrice: number;
  beforeAll(async () => {
    kyivPrice = Number(
      (
        await t.db.one<{ price: string }>(
          'SELECT price FROM service_prices WHERE settlement_id = $1 AND service_id = $2',
          [KYIV, FERRITIN],
        )
      ).price,
    );
    lvivPrice = Number(
      (
        await t.db.one<{ price: string }>(
          'SELECT price FROM service_prices WHERE settlement_id = $1 AND service_id = $2',
          [LVIV, FERRITIN],
        )
      ).price,
    );
  });
  afterEach(async () => {
    await setPrice(KYIV, kyivPrice);
    await setPrice(LVIV, lvivPrice);
  });

  it('shows a price change at once: in the analysis page, the category list and the search', async () => {
    const list = () =>
      ok<Page<ServiceCard>>(t.app, 'serviceList', { body: { settlementId: KYIV, groupIds: [1], sort: 'group' } });
    const search = () =>
      ok<SearchResponse>(t.app, 'search', { body: { settlementId: KYIV, query: 'феритин', types: ['services'] } });
    const searchPrice = (found: SearchResponse) => {
      const entry = found.groups[0]?.items.content[0];
      return entry && 'service' in entry ? entry.service.price?.price.price : undefined;
    };
    const listPrice = (page: Page<ServiceCard>) =>
      page.content.find((card) => card.id === FERRITIN)?.price?.price.price;
    // twice each: the second answer comes from the cache
    for (let i = 0; i < 2; i++) {
      expect(priceOf((await bySlug(KYIV)).body)).toBe(kyivPrice);
      expect(listPrice(await list())).toBe(kyivPrice);
      expect(searchPrice(await search())).toBe(kyivPrice);
    }
    await setPrice(KYIV, 123);
    expect(priceOf((await bySlug(KYIV)).body)).toBe(123);
    expect(listPrice(await list())).toBe(123);
    expect(searchPrice(await search())).toBe(123);
  });

  it("never answers one city's prices to another, nor one locale's titles to the other", async () => {
    await setPrice(LVIV, 777);
    for (let i = 0; i < 2; i++) {
      expect(priceOf((await bySlug(KYIV)).body)).toBe(kyivPrice);
      expect(priceOf((await bySlug(LVIV)).body)).toBe(777);
      expect((await bySlug(KYIV, {}, 'ua')).body).toMatchObject({ title: 'Феритин' });
      expect((await bySlug(KYIV, {}, 'ru')).body).toMatchObject({ title: 'Ферритин' });
    }
  });

  it('answers 304 to a current ETag, and a new ETag and body once the catalogue changed', async () => {
    const first = await bySlug(KYIV);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.vary).toBe('Accept-Language');

    const again = await bySlug(KYIV, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // the tag depends on the city and the locale too
    expect((await bySlug(LVIV, { 'if-none-match': tag })).status).toBe(200);
    expect((await bySlug(KYIV, { 'if-none-match': tag }, 'ru')).status).toBe(200);

    await setPrice(KYIV, 150);
    const changed = await bySlug(KYIV, { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(priceOf(changed.body)).toBe(150);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it("follows the clock where an answer shows a branch's open or closed state", async () => {
    const status = async () => {
      const branches = await ok<Branch[]>(t.app, 'settlementBranches', { params: { id: KYIV } });
      return branches.find((branch) => branch.address === 'вул. Хрещатик, 1')?.status; // Mon-Fri 08-20
    };
    t.setNow('2026-11-18T17:00:00Z'); // Wednesday 19:00 in Kyiv
    expect(await status()).toBe('closing-soon');
    t.setNow('2026-11-18T18:01:00Z'); // 20:01
    expect(await status()).toBe('closed');
  });

  it('serves the search page from the cache with the branches in their state of the moment', async () => {
    const hits = async () =>
      (await t.app.metrics.publicCache.get()).values.find((value) => value.labels.outcome === 'hit')?.value ?? 0;
    const status = async () => {
      const found = await ok<SearchResponse>(t.app, 'search', {
        body: { settlementId: KYIV, query: 'хрещатик', types: ['services', 'branches'] },
      });
      const entry = found.groups.find((group) => group.type === 'branches')?.items.content[0];
      return entry && 'branch' in entry ? entry.branch.status : undefined;
    };
    t.setNow('2026-11-18T10:00:00Z'); // Wednesday 12:00 in Kyiv
    expect(await status()).toBe('open');
    const before = await hits();
    t.setNow('2026-11-18T18:01:00Z'); // 20:01
    expect(await status()).toBe('closed');
    expect(await hits()).toBe(before + 1);
  });

  it('caches no error: a service made visible is found at once', async () => {
    await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [FERRITIN]);
    try {
      expect((await bySlug(KYIV)).status).toBe(404);
      expect((await bySlug(KYIV)).status).toBe(404);
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [FERRITIN]);
    }
    expect((await bySlug(KYIV)).status).toBe(200);
  });

  it('leaves answers that are not the catalogue alone uncached (a guest cart)', async () => {
    const cart = await ok<{ id: string }>(t.app, 'cartGuestCreate', { body: {} });
    const read = await call(t.app, 'cartGuestGet', { params: { cartId: cart.id }, query: { settlementId: KYIV } });
    expect(read.status).toBe(200);
    expect(read.headers.etag).toBeUndefined();
    expect(read.headers['cache-control']).not.toBe(PUBLIC_CACHE_CONTROL);
  });
});

describe('the search memo (hits shared by every city, locale and page)', () => {
  let uncached: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    uncached = await buildApp({
      config: { rateLimitMax: 0, publicCacheBytes: 0 },
      docsUi: false,
      db: t.db,
      clock: () => DEFAULT_NOW,
    });
  });
  afterAll(async () => {
    await uncached.close();
  });

  it('answers exactly what the search without caches answers, in every city, locale and page', async () => {
    const queries = [
      'феритин',
      'ферит',
      'ф',
      '2002',
      'athbnby',
      'холистирин',
      'аналіз крові',
      'київ',
      'хрещатик',
      'чекап',
    ];
    for (const query of queries) {
      for (const [settlementId, language, page, size] of [
        [KYIV, 'ua', 0, 2],
        [LVIV, 'ua', 0, 2],
        [LVIV, 'ru', 1, 2],
        [KYIV, 'ru', 0, 10],
      ] as const) {
        const input = {
          body: {
            settlementId,
            query,
            types: ['services', 'service-packages', 'service-groups', 'branches'],
            page,
            size,
          },
          language,
        };
        const [cached, plain] = [await call(t.app, 'search', input), await call(uncached, 'search', input)];
        expect({ query, settlementId, language, page, body: cached.body }).toEqual({
          query,
          settlementId,
          language,
          page,
          body: plain.body,
        });
      }
    }
  });

  it('leaves out at once an analysis a city stops offering, in that city only, and counts it out', async () => {
    const price = await t.db.one<{ price: string; fullPrice: string }>(
      'SELECT price, full_price AS "fullPrice" FROM service_prices WHERE settlement_id = $1 AND service_id = $2',
      [LVIV, FERRITIN],
    );
    const found = async (settlementId: number) => {
      const answer = await ok<SearchResponse>(t.app, 'search', {
        // by its code's start (2002): the analyses coded 200x, ferritin among them
        body: { settlementId, query: '200', types: ['services'], size: 50 },
      });
      const services = answer.groups[0]?.items;
      return {
        ids: services?.content.map((entry) => ('service' in entry ? entry.service.id : null)),
        total: services?.totalElements ?? 0,
      };
    };
    // the memo now holds the query's hits and both cities' offers, at the version before the change
    const [kyiv, lviv] = [await found(KYIV), await found(LVIV)];
    expect(lviv.ids).toContain(FERRITIN);
    expect(lviv.total).toBeGreaterThan(1);
    await t.db.query('DELETE FROM service_prices WHERE settlement_id = $1 AND service_id = $2', [LVIV, FERRITIN]);
    try {
      const after = await found(LVIV);
      expect(after.ids).not.toContain(FERRITIN);
      expect(after.total).toBe(lviv.total - 1);
      expect(await found(KYIV)).toEqual(kyiv);
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)',
        [LVIV, FERRITIN, price.price, price.fullPrice],
      );
    }
    expect(await found(LVIV)).toEqual(lviv);
  });

  it('finds a renamed analysis by its new title, and no longer by its old one, at once', async () => {
    const titles = await t.db.one<{ uk: string; ru: string }>(
      'SELECT title_uk AS uk, title_ru AS ru FROM services WHERE id = $1',
      [FERRITIN],
    );
    const found = async (query: string) => {
      const answer = await ok<SearchResponse>(t.app, 'search', {
        body: { settlementId: KYIV, query, types: ['services'] },
      });
      return answer.groups[0]?.items.content.map((entry) => ('service' in entry ? entry.service.id : null));
    };
    // the memo now holds the old title's hits, at the version before the change
    expect(await found('феритин')).toContain(FERRITIN);
    await t.db.query('UPDATE services SET title_uk = $2, title_ru = $2 WHERE id = $1', [FERRITIN, 'Квазитест']);
    try {
      expect(await found('феритин')).not.toContain(FERRITIN);
      expect((await found('квазитест'))?.[0]).toBe(FERRITIN);
    } finally {
      await t.db.query('UPDATE services SET title_uk = $2, title_ru = $3 WHERE id = $1', [
        FERRITIN,
        titles.uk,
        titles.ru,
      ]);
    }
    expect(await found('квазитест')).not.toContain(FERRITIN);
  });

  it("prices the same query's hits in each city, and sees a hidden analysis gone at once", async () => {
    const original = await t.db.one<{ price: string }>(
      'SELECT price FROM service_prices WHERE settlement_id = $1 AND service_id = $2',
      [LVIV, FERRITIN],
    );
    await setPrice(LVIV, 555);
    const price = async (settlementId: number) => {
      const found = await ok<SearchResponse>(t.app, 'search', {
        body: { settlementId, query: 'феритин', types: ['services'] },
      });
      const entry = found.groups[0]?.items.content[0];
      return entry && 'service' in entry ? entry.service.price?.price.price : undefined;
    };
    try {
      expect(await price(KYIV)).not.toBe(555);
      expect(await price(LVIV)).toBe(555);
      await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [FERRITIN]);
      expect(await price(LVIV)).toBeUndefined();
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [FERRITIN]);
      await setPrice(LVIV, Number(original.price));
    }
  });
});

describe("the category listings (a group's services shared by every city, locale and page)", () => {
  let uncached: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    uncached = await buildApp({
      config: { rateLimitMax: 0, publicCacheBytes: 0 },
      docsUi: false,
      db: t.db,
      clock: () => DEFAULT_NOW,
    });
  });
  afterAll(async () => {
    await uncached.close();
  });

  const listOf = (app: typeof uncached, body: Record<string, unknown>, page = 0, size = 20, language = 'ua') =>
    call(app, 'serviceList', { body: { sort: 'group', ...body }, query: { page, size }, language });
  const idsIn = async (body: Record<string, unknown>, size = 100) => {
    const list = await ok<Page<ServiceCard>>(t.app, 'serviceList', {
      body: { sort: 'group', ...body },
      query: { page: 0, size },
    });
    return { ids: list.content.map((card) => card.id), total: list.totalElements };
  };

  it('answers exactly what the list without caches answers, for every filter, city, locale and page', async () => {
    const parents = await t.db.query<{ id: number; child: number | null }>(
      `SELECT g.id, (SELECT min(c.id) FROM service_groups c WHERE c.parent_id = g.id AND c.enabled) AS child
         FROM service_groups g WHERE g.parent_id IS NULL AND g.enabled ORDER BY g.id LIMIT 4`,
    );
    expect(parents.some((group) => group.child !== null)).toBe(true);
    const bodies: Record<string, unknown>[] = [{}, { packageService: true }, { gender: 'female' }];
    for (const { id, child } of parents) {
      bodies.push({ groupIds: [id] }, { groupIds: [id], gender: 'male' }, { groupIds: [id], packageService: false });
      if (child !== null) bodies.push({ groupIds: [child] }, { groupIds: [id], subgroupId: child });
    }
    let compared = 0;
    for (const body of bodies) {
      for (const [settlementId, language, page, size] of [
        [KYIV, 'ua', 0, 20],
        [LVIV, 'ru', 0, 5],
        [LVIV, 'ua', 2, 5],
        [KYIV, 'ua', 40, 20],
      ] as const) {
        const input = { settlementId, ...body };
        const [cached, plain] = [
          await listOf(t.app, input, page, size, language),
          await listOf(uncached, input, page, size, language),
        ];
        expect({ input, page, size, status: cached.status, body: cached.body }).toEqual({
          input,
          page,
          size,
          status: 200,
          body: plain.body,
        });
        compared += (plain.body as Page<ServiceCard>).content.length;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("leaves out at once an analysis a city stops offering, in that city's list only, and counts it out", async () => {
    const { groupId } = await t.db.one<{ groupId: number }>(
      'SELECT min(group_id) AS "groupId" FROM service_group_items WHERE service_id = $1',
      [FERRITIN],
    );
    const price = await t.db.one<{ price: string; fullPrice: string }>(
      'SELECT price, full_price AS "fullPrice" FROM service_prices WHERE settlement_id = $1 AND service_id = $2',
      [LVIV, FERRITIN],
    );
    // the memo now holds the group's listing and both cities' offers, at the version before the change
    const [kyiv, lviv] = [
      await idsIn({ settlementId: KYIV, groupIds: [groupId] }),
      await idsIn({ settlementId: LVIV, groupIds: [groupId] }),
    ];
    expect(lviv.ids).toContain(FERRITIN);
    await t.db.query('DELETE FROM service_prices WHERE settlement_id = $1 AND service_id = $2', [LVIV, FERRITIN]);
    try {
      const after = await idsIn({ settlementId: LVIV, groupIds: [groupId] });
      expect(after.ids).toEqual(lviv.ids.filter((id) => id !== FERRITIN));
      expect(after.total).toBe(lviv.total - 1);
      expect(await idsIn({ settlementId: KYIV, groupIds: [groupId] })).toEqual(kyiv);
    } finally {
      await t.db.query(
        'INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)',
        [LVIV, FERRITIN, price.price, price.fullPrice],
      );
    }
    expect(await idsIn({ settlementId: LVIV, groupIds: [groupId] })).toEqual(lviv);
  });

  it('shows at once an analysis a city starts offering in a category it offered nothing of', async () => {
    const { groupId } = await t.db.one<{ groupId: number }>(
      'SELECT min(group_id) AS "groupId" FROM service_group_items WHERE service_id = $1',
      [FERRITIN],
    );
    const removed = await t.db.query<{ serviceId: number; price: string; fullPrice: string }>(
      `DELETE FROM service_prices pr USING service_group_items gi
        WHERE gi.group_id = $1 AND pr.service_id = gi.service_id AND pr.settlement_id = $2
        RETURNING pr.service_id AS "serviceId", pr.price, pr.full_price AS "fullPrice"`,
      [groupId, LVIV],
    );
    const restore = (rows: typeof removed) =>
      Promise.all(
        rows.map((row) =>
          t.db.query(
            `INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [LVIV, row.serviceId, row.price, row.fullPrice],
          ),
        ),
      );
    try {
      // the memo now holds the group's listing and Lviv's offer, at the version without the prices
      expect(await idsIn({ settlementId: LVIV, groupIds: [groupId] })).toEqual({ ids: [], total: 0 });
      expect(await idsIn({ settlementId: LVIV, groupIds: [groupId] })).toEqual({ ids: [], total: 0 });
      await restore(removed.filter((row) => row.serviceId === FERRITIN));
      expect(await idsIn({ settlementId: LVIV, groupIds: [groupId] })).toEqual({ ids: [FERRITIN], total: 1 });
    } finally {
      await restore(removed);
    }
  });

  it('follows an analysis moved out of its category, hidden, or moved in the order, at once', async () => {
    const items = await t.db.query<{ groupId: number; sortOrder: number }>(
      'SELECT group_id AS "groupId", sort_order AS "sortOrder" FROM service_group_items WHERE service_id = $1',
      [FERRITIN],
    );
    const groupId = items[0]?.groupId as number;
    const before = await idsIn({ settlementId: KYIV, groupIds: [groupId] });
    expect(before.ids).toContain(FERRITIN);
    try {
      await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [FERRITIN]);
      expect((await idsIn({ settlementId: KYIV, groupIds: [groupId] })).ids).toEqual(
        before.ids.filter((id) => id !== FERRITIN),
      );
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [FERRITIN]);
      // last in its group's own order: after every other service of the group's listing
      const { sortOrder } = await t.db.one<{ sortOrder: number }>(
        'SELECT sort_order AS "sortOrder" FROM services WHERE id = $1',
        [FERRITIN],
      );
      await t.db.query('UPDATE services SET sort_order = 1000000 WHERE id = $1', [FERRITIN]);
      const moved = await idsIn({ settlementId: KYIV, groupIds: [groupId] });
      expect(moved.ids).not.toEqual(before.ids);
      expect(moved.ids.filter((id) => id !== FERRITIN)).toEqual(before.ids.filter((id) => id !== FERRITIN));
      await t.db.query('UPDATE services SET sort_order = $2 WHERE id = $1', [FERRITIN, sortOrder]);
      await t.db.query('DELETE FROM service_group_items WHERE service_id = $1', [FERRITIN]);
      expect((await idsIn({ settlementId: KYIV, groupIds: [groupId] })).ids).not.toContain(FERRITIN);
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [FERRITIN]);
      for (const item of items) {
        await t.db.query(
          'INSERT INTO service_group_items (group_id, service_id, sort_order) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [item.groupId, FERRITIN, item.sortOrder],
        );
      }
    }
    expect(await idsIn({ settlementId: KYIV, groupIds: [groupId] })).toEqual(before);
  });
});

describe('createPublicCache', () => {
  it('computes a key once for requests that miss it at the same time, and keeps no failure', async () => {
    const cache = createPublicCache(t.db, 1024 * 1024);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { body: '{"a":1}' };
    };
    const answers = await Promise.all([
      cache.answer('k', compute),
      cache.answer('k', compute),
      cache.answer('k', compute),
    ]);
    expect(computed).toBe(1);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['joined', 'joined', 'miss']);
    expect(await cache.answer('k', compute)).toEqual({ cached: { body: '{"a":1}' }, outcome: 'hit' });

    await expect(cache.answer('bad', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.answer('bad', async () => ({ body: '"fine"' }))).toEqual({
      cached: { body: '"fine"' },
      outcome: 'miss',
    });
  });

  it('bumps the catalogue version with every change of a catalogue table, in its transaction', async () => {
    const cache = createPublicCache(t.db, 1024);
    const before = await cache.version();
    await t.db.query("UPDATE settlements SET title_uk = title_uk WHERE source_id = 'kyiv'");
    const after = await cache.version();
    expect(BigInt(after)).toBeGreaterThan(BigInt(before));
    // a change rolled back bumps nothing
    await t.db
      .transaction(async (tx) => {
        await tx.query('UPDATE branches SET phone = phone');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await cache.version()).toBe(after);
  });
});
