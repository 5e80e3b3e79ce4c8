/**
 * One source for home visits, on the real seed: for every settlement, the /home-visit page, the terms
 * checkout reads, checkout's slots and the order agree on whether a nurse comes and at what price.
 */
import { randomUUID } from 'node:crypto';
import type {
  Article,
  HomeVisitSlotsResponse,
  HomeVisitTermsResponse,
  Order,
  OrderCreateBody,
} from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { migrate } from '../../../db/migrate';
import { seedData } from '../../../seed/data';
import { insertSeed } from '../../../seed/insert';
import { createPatientUser, fillCart, sessionCookie } from '../../../test-support/accounts';
import { DEFAULT_NOW, openEmptyDatabase, type TestDatabase } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await openEmptyDatabase();
  await migrate(t.db);
  await insertSeed(t.db, seedData);
  app = await buildApp({ db: t.db, config: { rateLimitMax: 0 }, docsUi: false, clock: () => DEFAULT_NOW });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The page's price list: settlement id -> the price as the page writes it. */
function pagePrices(article: Article): Map<number, string> {
  const rows = [...article.content.matchAll(/<li data-settlement-id="(\d+)">[^<]+<strong>([^<]+)<\/strong><\/li>/g)];
  return new Map(rows.map((row) => [Number(row[1]), row[2] ?? '']));
}

const pageMoney = (price: number) => `${price} грн`;

describe('home visits: the page, checkout and the order read one source', () => {
  it.each(['ua', 'ru'])(
    'the page (%s) lists exactly the settlements checkout offers, at its prices',
    async (language) => {
      const article = await ok<Article>(app, 'articleByType', { params: { type: 'home-visit' }, language });
      const terms = await ok<HomeVisitTermsResponse>(app, 'homeVisitTerms', { language });
      expect(terms.settlements.length).toBeGreaterThan(0);
      const listed = pagePrices(article);
      expect([...listed.keys()].sort()).toEqual(terms.settlements.map((s) => s.settlementId).sort());
      for (const s of terms.settlements) expect(listed.get(s.settlementId)).toBe(pageMoney(s.price));
      for (const s of terms.settlements) expect(article.content).toContain(s.title);
      // no promise the code does not keep: no charge by distance, no hours the slots do not have
      expect(article.content).not.toMatch(/км|кілометр|километр|07:00|щодня|ежедневно/);
      expect(article.content).toMatch(language === 'ru' ? /воскресенье: выходной/ : /неділя: вихідний/);
      const weekday = terms.days.find((day) => day.weekday === 1);
      expect(article.content).toContain(`${weekday?.firstArrival}–${weekday?.lastArrival}`);
    },
  );

  it.each([
    ['ua', 'на сьогодні — не пізніше ніж за 60 хвилин до приїзду', 'не раніше'],
    ['ru', 'на сегодня — не позже чем за 60 минут до приезда', 'не раньше'],
  ])(
    'the page (%s) says a visit for today is booked at least an hour before the arrival',
    async (language, rule, wrong) => {
      const article = await ok<Article>(app, 'articleByType', { params: { type: 'home-visit' }, language });
      expect(article.content).toContain(rule);
      expect(article.content).not.toContain(wrong);
    },
  );

  it('every settlement: checkout offers a visit where the page lists one, at the same price, and refuses elsewhere', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(app, patient.userId);
    const article = await ok<Article>(app, 'articleByType', { params: { type: 'home-visit' } });
    const listed = pagePrices(article);
    const settlements = await t.db.query<{ id: number; title: string }>(
      'SELECT id, title_uk AS title FROM settlements WHERE enabled ORDER BY id',
    );
    const date = '2026-11-19'; // a Thursday after DEFAULT_NOW
    let offered = 0;
    for (const settlement of settlements) {
      const slots = await call(app, 'homeVisitSlots', {
        headers: { cookie },
        query: { settlementId: settlement.id, date },
      });
      const onPage = listed.get(settlement.id);
      if (onPage === undefined) {
        expect({ city: settlement.title, ...slots }).toMatchObject({
          city: settlement.title,
          status: 400,
          body: { code: 'home-visit-unavailable', field: 'settlementId' },
        });
      } else {
        offered += 1;
        expect(slots.status).toBe(200);
        const body = slots.body as HomeVisitSlotsResponse;
        expect({ city: settlement.title, price: pageMoney(body.cost) }).toEqual({
          city: settlement.title,
          price: onPage,
        });
        expect(body.slots.some((slot) => slot.available > 0)).toBe(true);
      }
    }
    expect(offered).toBe(listed.size);
    expect(settlements.length).toBeGreaterThan(offered);
  }, 300_000);

  it('the order charges the page’s price, and refuses a visit where there is none', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(app, patient.userId);
    const terms = await ok<HomeVisitTermsResponse>(app, 'homeVisitTerms');
    const [withVisits] = terms.settlements;
    const without = await t.db.one<{ id: number }>(`SELECT id FROM settlements WHERE source_id = 'berdychiv'`);
    const order = (settlementId: number) =>
      call(app, 'orderCreate', {
        headers: { cookie },
        body: {
          orderId: randomUUID(),
          settlementId,
          patientId: patient.patientId,
          visit: 'home',
          branchId: null,
          homeVisit: { street: 'Хрещатик', house: '1', arrivalDate: '2026-11-19', arrivalTime: '10:00' },
          paymentType: 'cash',
          doctor: null,
          promoCode: null,
          acceptContract: true,
          acceptPersonalData: true,
          utmParameters: null,
        } satisfies OrderCreateBody,
      });
    await fillCart(t.db, patient.userId, ['1002']);
    expect(await order(without.id)).toMatchObject({ status: 400, body: { code: 'home-visit-unavailable' } });
    const placed = await order(withVisits?.settlementId ?? 0);
    expect(placed.status).toBe(200);
    expect((placed.body as Order).homeVisitCost).toBe(withVisits?.price);
  });
});
