/**
 * One price story from the first look to the cart, on the real seed: for every listed service in
 * several cities, the analysis page, the catalogue card and the search hit tell what a cart holding
 * only that service charges (its price, the services it brings along such as the blood draw, the total);
 * a service the page calls unavailable is refused by the cart.
 */
import type { Cart, SearchResponse, ServiceInfo, ServiceListResponse, ServicePrice } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { migrate } from '../../../db/migrate';
import { seedData } from '../../../seed/data';
import { insertSeed } from '../../../seed/insert';
import { openEmptyDatabase, type TestDatabase } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

/** Big and small cities, east and west (prices differ by each city's coefficient). */
const CITIES = ['kyiv', 'lviv', 'kharkiv', 'berdychiv'] as const;

let t: TestDatabase;
let app: FastifyInstance;
let services: { id: number; slug: string; code: string }[];
let cityIds: Map<string, number>;

beforeAll(async () => {
  t = await openEmptyDatabase();
  await migrate(t.db);
  await insertSeed(t.db, seedData);
  app = await buildApp({ db: t.db, config: { rateLimitMax: 0 }, docsUi: false });
  services = await t.db.query('SELECT id, slug, code FROM services WHERE enabled AND show_on_site ORDER BY id');
  const rows = await t.db.query<{ id: number; sourceId: string }>(
    'SELECT id, source_id AS "sourceId" FROM settlements WHERE source_id = ANY($1::text[])',
    [[...CITIES]],
  );
  cityIds = new Map(rows.map((row) => [row.sourceId, row.id]));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const kopiykas = (amount: number) => Math.round(amount * 100);

/** The story a price tells: [price, originalPrice], each brought-along [id, price, originalPrice], the total. */
function pageStory(price: ServicePrice) {
  return {
    item: [price.price.price, price.originalPrice.price],
    additional: (price.additional?.services ?? []).map((s) => [s.id, s.price, s.originalPrice]),
    total: price.total?.price.price,
  };
}

/** The same story read off a cart holding only the service (before the online or promo discount). */
function cartStory(cart: Cart) {
  const [item] = cart.items;
  const lines = [...cart.items, ...cart.additionalItems];
  return {
    item: item ? [item.initialPrice, item.originalPrice] : null,
    additional: cart.additionalItems.map((line) => [line.serviceId, line.initialPrice, line.originalPrice]),
    total: lines.reduce((sum, line) => sum + kopiykas(line.initialPrice), 0) / 100,
  };
}

describe('the price story on the real seed', () => {
  it('the page, the card and the search hit tell what a cart holding only the service charges', async () => {
    let compared = 0;
    let withAdditional = 0;
    for (const city of CITIES) {
      const settlementId = cityIds.get(city);
      if (settlementId === undefined) throw new Error(`no ${city} in the seed`);
      const cards = new Map<number, ServicePrice | null>();
      for (let start = 0; start < services.length; start += 100) {
        const ids = services.slice(start, start + 100).map((s) => s.id);
        const page = await ok<ServiceListResponse>(app, 'serviceList', {
          query: { size: 100 },
          body: { settlementId, serviceIds: ids },
        });
        for (const card of page.content) cards.set(card.id, card.price);
      }
      for (const service of services) {
        const info = await ok<ServiceInfo>(app, 'serviceBySlug', {
          params: { slug: service.slug },
          query: { settlementId },
        });
        expect(cards.get(service.id)).toEqual(info.price);
        const cartId = (await ok<Cart>(app, 'cartGuestCreate', { body: {} })).id;
        const added = await call(app, 'cartGuestAdd', {
          params: { cartId },
          query: { settlementId },
          body: { serviceIds: [service.id] },
        });
        if (info.price === null) {
          expect(added).toMatchObject({ status: 400, body: { code: 'service-unavailable' } });
        } else {
          expect(added.status).toBe(200);
          const cart = added.body as Cart;
          expect({ code: service.code, city, ...cartStory(cart) }).toEqual({
            code: service.code,
            city,
            ...pageStory(info.price),
          });
          if (cart.additionalItems.length > 0) withAdditional += 1;
        }
        compared += 1;
      }
    }
    // the count the report names: every listed service in every city of the list
    expect(compared).toBe(services.length * CITIES.length);
    expect(withAdditional).toBeGreaterThan(services.length);
    console.info(
      `price story: ${services.length} services x ${CITIES.length} cities = ${compared} (${withAdditional} with a brought-along service)`,
    );
  }, 600_000);

  it('a search hit by its code carries the price of the page (the first 60 services, in Kyiv)', async () => {
    const settlementId = cityIds.get('kyiv') as number;
    for (const service of services.slice(0, 60)) {
      const info = await ok<ServiceInfo>(app, 'serviceBySlug', {
        params: { slug: service.slug },
        query: { settlementId },
      });
      const found = await ok<SearchResponse>(app, 'search', {
        body: { settlementId, query: service.code, types: ['services', 'service-packages'], size: 5 },
      });
      const hit = found.groups
        .flatMap((group) => group.items.content)
        .find((entry) => 'service' in entry && entry.service.id === service.id);
      expect(hit && 'service' in hit ? hit.service.price : 'not found').toEqual(info.price);
    }
  }, 300_000);

  it('two blood analyses in one cart pay for one blood draw', async () => {
    const settlementId = cityIds.get('kyiv') as number;
    const [cbc, ferritin] = await Promise.all(
      ['1002', '2702'].map(async (code) => {
        const slug = services.find((s) => s.code === code)?.slug as string;
        return ok<ServiceInfo>(app, 'serviceBySlug', { params: { slug }, query: { settlementId } });
      }),
    );
    const cartId = (await ok<Cart>(app, 'cartGuestCreate', { body: {} })).id;
    const cart = await ok<Cart>(app, 'cartGuestAdd', {
      params: { cartId },
      query: { settlementId },
      body: { serviceIds: [cbc?.id, ferritin?.id] },
    });
    expect(cart.additionalItems.map((line) => line.service.code)).toEqual(['V-01']);
    const draw = cbc?.price?.additional?.services[0]?.price ?? 0;
    expect(draw).toBeGreaterThan(0);
    expect(cartStory(cart).total).toBe(
      (kopiykas(cbc?.price?.total?.price.price ?? 0) +
        kopiykas(ferritin?.price?.total?.price.price ?? 0) -
        kopiykas(draw)) /
        100,
    );
  });
});
