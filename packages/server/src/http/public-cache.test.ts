/**
 * The cache of public answers must never show what the catalogue no longer says, nor one city's,
 * locale's or minute's answer to another: a price change is visible at once (a cached answer and an
 * ETag both change), and the answers' HTTP headers let a browser revalidate and a CDN share them.
 */
import type { Branch, Page, SearchResponse, ServiceCard, ServiceInfo } from '@lab/api/contract';
import { useTestApp } from '../test-support/harness';
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

describe('createPublicCache', () => {
  it('computes a key once for requests that miss it at the same time, and keeps no failure', async () => {
    const cache = createPublicCache(t.db, 1024 * 1024);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return '{"a":1}';
    };
    const answers = await Promise.all([
      cache.answer('k', compute),
      cache.answer('k', compute),
      cache.answer('k', compute),
    ]);
    expect(computed).toBe(1);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['joined', 'joined', 'miss']);
    expect(await cache.answer('k', compute)).toEqual({ body: '{"a":1}', outcome: 'hit' });

    await expect(cache.answer('bad', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.answer('bad', async () => '"fine"')).toEqual({ body: '"fine"', outcome: 'miss' });
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
