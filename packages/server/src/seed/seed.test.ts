/**
 * The real seed (seed/data) on an empty database: it inserts, every route answers it within the
 * contract, a second run changes nothing, and synthetic services (--scale) come with prices.
 */
import type {
  Article,
  Branch,
  DocumentsListResponse,
  Menu,
  NewsListResponse,
  SettlementsListResponse,
} from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { openEmptyDatabase, type TestDatabase } from '../test-support/harness';
import { call, ok } from '../test-support/http';
import { seedData, syntheticServices } from './data';
import { insertSeed, isEmpty } from './insert';

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await openEmptyDatabase();
  await migrate(t.db);
  expect(await isEmpty(t.db)).toBe(true);
  await insertSeed(t.db, seedData);
  app = await buildApp({ db: t.db, config: { rateLimitMax: 0 }, docsUi: false });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the real seed', () => {
  it('fills an empty database', async () => {
    expect(await isEmpty(t.db)).toBe(false);
    const counts = await t.db.one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM settlements) AS settlements, (SELECT count(*) FROM branches) AS branches,
              (SELECT count(*) FROM services) AS services, (SELECT count(*) FROM service_prices) AS prices`,
    );
    expect(counts).toEqual({
      settlements: seedData.settlements.length,
      branches: seedData.branches.length,
      services: seedData.services.length,
      prices: seedData.settlements.length * seedData.services.length,
    });
  });

  it('answers settlements and every settlement’s branches within the contract, in both languages', async () => {
    for (const language of ['ua', 'ru']) {
      const list = await ok<SettlementsListResponse>(app, 'settlementsList', {
        query: { sort: 'top-branches-count', includePartners: true },
        language,
      });
      expect(list.branchCount).toBe(seedData.branches.length);
      expect(list.settlements[0]?.sourceId).toBe('kyiv');
      for (const settlement of list.settlements) {
        const branches = await ok<Branch[]>(app, 'settlementBranches', {
          params: { id: settlement.id },
          query: { includePartners: true },
          language,
        });
        expect(branches.length).toBeGreaterThan(0);
      }
    }
  });

  it('answers menus, articles, news, documents, equipment and reference lists within the contract', async () => {
    const menus = await ok<Menu[]>(app, 'menus', { query: { types: 'header,footer' } });
    expect(menus.map((m) => m.type)).toEqual(['header', 'footer']);
    for (const type of new Set(seedData.articles.map((a) => a.type))) {
      expect((await ok<Article>(app, 'articleByType', { params: { type } })).type).toBe(type);
    }
    const news = await ok<NewsListResponse>(app, 'newsList', { query: { page: 0, size: 100 } });
    expect(news.totalElements).toBe(seedData.news.length);
    for (const item of news.content) await ok(app, 'newsBySlug', { params: { slug: item.slug }, language: 'ru' });
    const documents = await ok<DocumentsListResponse>(app, 'documentsList', { query: { size: 100 } });
    expect(documents.totalElements).toBe(seedData.documents.length);
    for (const document of documents.content) await ok(app, 'documentBySlug', { params: { slug: document.slug } });
    await ok(app, 'equipment');
    await ok(app, 'genders');
    await ok(app, 'specializations');
  });

  it('answers every promo code with a discount or 404 wrong-promo', async () => {
    for (const promo of seedData.promoCodes) {
      const res = await call(app, 'discountByCode', { params: { code: promo.code } });
      expect([200, 404]).toContain(res.status);
      if (res.status === 404) expect(res.body).toMatchObject({ code: 'wrong-promo' });
    }
  });

  it('changes nothing when run again', async () => {
    const fingerprint = () =>
      t.db.one(
        `SELECT (SELECT sum(id) FROM services) AS services, (SELECT sum(id) FROM branches) AS branches,
                (SELECT sum(price) FROM service_prices) AS prices, (SELECT count(*) FROM menu_items) AS "menuItems"`,
      );
    const before = await fingerprint();
    await insertSeed(t.db, seedData);
    expect(await fingerprint()).toEqual(before);
  }, 60_000);

  it('adds synthetic services with prices (--scale)', async () => {
    const extra = syntheticServices(200, seedData);
    await insertSeed(t.db, { ...seedData, services: [...seedData.services, ...extra] });
    const row = await t.db.one<{ services: number; prices: number }>(
      `SELECT (SELECT count(*) FROM services) AS services,
              (SELECT count(*) FROM service_prices p JOIN services s ON s.id = p.service_id WHERE s.code LIKE 'S%') AS prices`,
    );
    expect(row.services).toBe(seedData.services.length + 200);
    expect(row.prices).toBe(200 * seedData.settlements.length);
  }, 60_000);
});
