import type {
  Genealogy,
  PreparationRule,
  ServiceCard,
  ServiceGroupTreeResponse,
  ServiceInfo,
  ServiceListResponse,
  ServicePreparation,
} from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp();

// fixture (test-support/fixture.ts): settlements 1 kyiv, 2 lviv; groups 1 hematology > 2 complete-blood-count,
// 3 checkups (packages); services 1 blood draw (1001, no group), 2 CBC (2001), 3 ferritin (2002, on sale),
// 4 PSA (2003, men), 5 basic checkup (K-101: 2001 + 2002); 2001, 2002 and K-101 bring the blood draw along
const KYIV = 1;
const LVIV = 2;
const S = { draw: 1, cbc: 2, ferritin: 3, psa: 4, checkup: 5 } as const;

const list = (body: Record<string, unknown>, query: Record<string, number> = {}, language?: string) =>
  call(t.app, 'serviceList', {
    body: { sort: 'group', showOnSite: true, ...body },
    query,
    ...(language ? { language } : {}),
  });
const listOk = async (body: Record<string, unknown>, query: Record<string, number> = {}, language?: string) => {
  const res = await list(body, query, language);
  expect(res.status).toBe(200);
  return res.body as ServiceListResponse;
};
const ids = (page: ServiceListResponse | ServiceCard[]) => ('content' in page ? page.content : page).map((s) => s.id);

describe('GET service group trees (service/services/groups/enabled/tree/separated)', () => {
  it('answers both trees with ids, slugs, id-path keys and children, in catalogue order', async () => {
    const tree = await ok<ServiceGroupTreeResponse>(t.app, 'serviceGroupTree');
    expect(tree).toEqual({
      services: [
        {
          groupId: 1,
          slug: 'hematology',
          key: '1',
          title: 'Гематологія',
          childNodes: [
            { groupId: 2, slug: 'complete-blood-count', key: '1.2', title: 'Загальний аналіз крові', childNodes: [] },
          ],
        },
      ],
      packageServices: [{ groupId: 3, slug: 'checkups', key: '3', title: 'Чекапи', childNodes: [] }],
    });
  });

  it('localizes titles and hides disabled groups with their subtrees', async () => {
    const ru = await ok<ServiceGroupTreeResponse>(t.app, 'serviceGroupTree', { language: 'ru' });
    expect(ru.services[0]?.title).toBe('Гематология');
    expect(ru.services[0]?.childNodes[0]?.title).toBe('Общий анализ крови');
    await t.db.query('UPDATE service_groups SET enabled = false WHERE id = 1');
    try {
      const tree = await ok<ServiceGroupTreeResponse>(t.app, 'serviceGroupTree');
      expect(tree.services).toEqual([]);
    } finally {
      await t.db.query('UPDATE service_groups SET enabled = true WHERE id = 1');
    }
  });
});

describe('POST service list (service/services/infos/settlements)', () => {
  it('lists a group with its subgroups as priced cards, pages from 0', async () => {
    const page = await listOk({ settlementId: KYIV, groupIds: [1] });
    expect(ids(page)).toEqual([S.cbc, S.ferritin, S.psa]);
    expect(page).toMatchObject({ page: 0, totalPages: 1, totalElements: 3 });
    expect(page.content[1]).toEqual({
      id: S.ferritin,
      code: '2002',
      slug: 'ferritin',
      title: 'Феритин',
      packageService: false,
      description: 'Опис Феритин',
      price: {
        price: { price: 232 },
        originalPrice: { price: 290 },
        // a cart holding only ferritin adds the blood draw: the price story the cart tells
        additional: {
          price: 60,
          services: [{ id: 1, code: '1001', title: 'Взяття крові', price: 60, originalPrice: 60 }],
        },
        total: { price: { price: 292 }, originalPrice: { price: 350 } },
      },
      turnaroundDays: 1,
      gender: null,
      groupIds: [2],
    });
  });

  it('pages with page and size, and answers the totals past the last page', async () => {
    const second = await listOk({ settlementId: KYIV, groupIds: [1] }, { page: 1, size: 2 });
    expect(second).toMatchObject({ page: 1, totalPages: 2, totalElements: 3 });
    expect(ids(second)).toEqual([S.psa]);
    const beyond = await listOk({ settlementId: KYIV, groupIds: [1] }, { page: 5, size: 2 });
    expect(beyond).toEqual({ content: [], page: 5, totalPages: 2, totalElements: 3 });
  });

  it('prices the cards in the settlement and localizes them', async () => {
    const page = await listOk({ settlementId: LVIV, serviceIds: [S.ferritin] }, {}, 'ru');
    expect(page.content[0]).toMatchObject({
      title: 'Ферритин',
      description: 'Описание Ферритин',
      price: { price: { price: 214.5 }, originalPrice: { price: 268 } },
    });
    // the blood draw at Lviv's price, and the total a cart holding only ferritin charges there
    expect(page.content[0]?.price?.total?.price.price).toBe(214.5 + (page.content[0]?.price?.additional?.price ?? 0));
  });

  it('filters by gender: services for the other gender are left out', async () => {
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1], gender: 'female' }))).toEqual([S.cbc, S.ferritin]);
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1], gender: 'male' }))).toEqual([
      S.cbc,
      S.ferritin,
      S.psa,
    ]);
  });

  it('sorts by price in the settlement, up or down', async () => {
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1], priceSort: 'asc' }))).toEqual([
      S.cbc,
      S.ferritin,
      S.psa,
    ]);
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1], priceSort: 'desc' }))).toEqual([
      S.psa,
      S.ferritin,
      S.cbc,
    ]);
  });

  it('narrows to a subgroup, and to packages or analyses', async () => {
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1], subgroupId: 2 }))).toEqual([S.cbc, S.ferritin, S.psa]);
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [1, 3], packageService: true }))).toEqual([S.checkup]);
    expect(ids(await listOk({ settlementId: KYIV, groupIds: [3], packageService: false }))).toEqual([]);
  });

  it('finds by text as the search does (typos, wrong layout), best match first', async () => {
    expect(ids(await listOk({ settlementId: KYIV, query: 'феритин' }))[0]).toBe(S.ferritin);
    expect(ids(await listOk({ settlementId: KYIV, query: 'athbnby' }))[0]).toBe(S.ferritin);
    expect(ids(await listOk({ settlementId: KYIV, query: 'ферретин' }))[0]).toBe(S.ferritin);
    expect(ids(await listOk({ settlementId: KYIV, query: 'зовсім інше' }))).toEqual([]);
  });

  it('lists ids in the order given, skipping unknown ones', async () => {
    expect(ids(await listOk({ settlementId: KYIV, serviceIds: [S.psa, 999, S.draw] }))).toEqual([S.psa, S.draw]);
  });

  it('leaves out disabled services and those not offered in the settlement', async () => {
    await t.db.query('UPDATE services SET enabled = false WHERE id = $1', [S.psa]);
    await t.db.query('DELETE FROM service_prices WHERE service_id = $1 AND settlement_id = $2', [S.cbc, LVIV]);
    try {
      expect(ids(await listOk({ settlementId: KYIV, groupIds: [1] }))).toEqual([S.cbc, S.ferritin]);
      expect(ids(await listOk({ settlementId: LVIV, groupIds: [1] }))).toEqual([S.ferritin]);
      // asked for by id, a service not offered in the city is listed without a price
      const byId = await listOk({ settlementId: LVIV, serviceIds: [S.cbc] });
      expect(byId.content[0]?.price).toBeNull();
    } finally {
      await t.db.query('UPDATE services SET enabled = true WHERE id = $1', [S.psa]);
      await t.db.query(
        `INSERT INTO service_prices (settlement_id, service_id, price, full_price) VALUES ($1, $2, 198.5, 198.5)`,
        [LVIV, S.cbc],
      );
    }
  });

  it.each([
    ['no settlementId', { groupIds: [1] }, 'settlementId', 'Обов’язкове поле'],
    ['a settlementId that is not a number', { settlementId: 'kyiv' }, 'settlementId', 'Невірний тип значення'],
    ['an unknown field', { settlementId: KYIV, color: 'red' }, 'color', 'Невідоме поле'],
    ['a blank query', { settlementId: KYIV, query: '   ' }, 'query', 'Введіть пошуковий запит'],
    [
      'a query of 101 characters',
      { settlementId: KYIV, query: 'а'.repeat(101) },
      'query',
      'Значення поза допустимими межами',
    ],
    ['an unknown gender', { settlementId: KYIV, gender: 'other' }, 'gender', 'Недопустиме значення'],
    ['an unknown price sort', { settlementId: KYIV, priceSort: 'up' }, 'priceSort', 'Недопустиме значення'],
    ['an unknown subgroup', { settlementId: KYIV, subgroupId: 999 }, 'subgroupId', 'Категорію не знайдено'],
    [
      '101 group ids',
      { settlementId: KYIV, groupIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      'groupIds',
      'Значення поза допустимими межами',
    ],
  ])('answers 400 for %s', async (_, body, field, message) => {
    const res = await call(t.app, 'serviceList', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation-error', message, field });
  });

  it('answers 400 for a bad page or size, and 404 for an unknown settlement', async () => {
    expect((await list({ settlementId: KYIV }, { size: 101 })).body).toMatchObject({
      code: 'validation-error',
      field: 'size',
    });
    expect((await list({ settlementId: KYIV }, { page: -1 })).body).toMatchObject({
      code: 'validation-error',
      field: 'page',
    });
    const missing = await list({ settlementId: 999 }, {}, 'ru');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'not-found', message: 'Город не найден' });
  });
});

describe('GET service by slug (service/services/infos/slug/{slug})', () => {
  const bySlug = (slug: string, settlementId: number | string = KYIV, language?: string) =>
    call(t.app, 'serviceBySlug', { params: { slug }, query: { settlementId }, ...(language ? { language } : {}) });

  it('answers an analysis with its analysis, materials, preparation, packages and additional services', async () => {
    const info = await ok<ServiceInfo>(t.app, 'serviceBySlug', {
      params: { slug: 'ferritin' },
      query: { settlementId: KYIV },
    });
    expect(info).toMatchObject({
      id: S.ferritin,
      code: '2002',
      packageService: false,
      price: { price: { price: 232 }, originalPrice: { price: 290 } },
      analyses: [
        { id: S.ferritin, code: '2002', title: 'Феритин', gender: null, materials: [{ id: 1, title: 'Венозна кров' }] },
      ],
      materials: 'Венозна кров',
      preparation: 'Натщесерце',
      isPartOfPackets: true,
      additionalServices: [
        { id: S.draw, code: '1001', slug: 'blood-draw', title: 'Взяття крові', packageService: false },
      ],
    });
    // clients also buy: popular neighbours of its group, not the package containing it (listed on its own)
    expect(ids(info.clientsBuy)).toEqual([S.cbc, S.psa]);
    expect(ids(info.clientsBuy)).not.toContain(S.checkup);
  });

  it('answers a package with its analyses and their unique materials joined by ". "', async () => {
    await t.db.query(
      `INSERT INTO service_materials (service_id, material_id, sort_order) VALUES ($1, 2, 1), ($1, 1, 0)
       ON CONFLICT DO NOTHING`,
      [S.cbc],
    );
    try {
      const info = await ok<ServiceInfo>(t.app, 'serviceBySlug', {
        params: { slug: 'basic-checkup' },
        query: { settlementId: LVIV },
        language: 'ru',
      });
      expect(info.analyses.map((a) => [a.id, a.title, a.materials.map((m) => m.title)])).toEqual([
        [S.cbc, 'Общий анализ крови', ['Венозная кровь', 'Моча']],
        [S.ferritin, 'Ферритин', ['Венозная кровь']],
      ]);
      expect(info.materials).toBe('Венозная кровь. Моча');
      expect(info).toMatchObject({ packageService: true, isPartOfPackets: false, price: { price: { price: 416 } } });
    } finally {
      await t.db.query('DELETE FROM service_materials WHERE service_id = $1 AND material_id = 2', [S.cbc]);
    }
  });

  it('answers 404 for an unknown or disabled service, localized', async () => {
    expect((await bySlug('no-such-analysis')).body).toEqual({ code: 'not-found', message: 'Аналіз не знайдено' });
    await t.db.query('UPDATE services SET show_on_site = false WHERE id = $1', [S.psa]);
    try {
      const res = await bySlug('psa-total', KYIV, 'ru');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not-found', message: 'Анализ не найден' });
    } finally {
      await t.db.query('UPDATE services SET show_on_site = true WHERE id = $1', [S.psa]);
    }
  });

  it('answers 400 for a malformed slug or settlement, 404 for an unknown settlement', async () => {
    expect((await bySlug('Not A Slug')).body).toMatchObject({ code: 'validation-error', field: 'slug' });
    expect((await bySlug('a'.repeat(201))).body).toMatchObject({ code: 'validation-error', field: 'slug' });
    expect((await bySlug('ferritin', 2_147_483_648)).body).toMatchObject({ field: 'settlementId' });
    expect((await bySlug('ferritin', 'x')).body).toMatchObject({ code: 'validation-error', field: 'settlementId' });
    expect((await call(t.app, 'serviceBySlug', { params: { slug: 'ferritin' } })).body).toMatchObject({
      code: 'validation-error',
      field: 'settlementId',
    });
    expect((await bySlug('ferritin', 999)).status).toBe(404);
  });
});

describe('preparation', () => {
  it('answers a service’s preparation by id (GET service/services/{id}/enabled/preparation)', async () => {
    expect(await ok<ServicePreparation>(t.app, 'servicePreparation', { params: { id: S.ferritin } })).toEqual({
      serviceId: S.ferritin,
      preparation: 'Натщесерце',
    });
    expect(
      await ok<ServicePreparation>(t.app, 'servicePreparation', { params: { id: S.ferritin }, language: 'ru' }),
    ).toEqual({ serviceId: S.ferritin, preparation: 'Натощак' });
    expect((await call(t.app, 'servicePreparation', { params: { id: 999 } })).status).toBe(404);
    expect((await call(t.app, 'servicePreparation', { params: { id: 'x' } })).body).toMatchObject({
      code: 'validation-error',
      field: 'id',
    });
  });

  it('answers the general rules in order (GET service/services/preparation)', async () => {
    expect(await ok<PreparationRule[]>(t.app, 'preparationRules')).toEqual([
      { id: 1, title: 'Аналізи крові', content: 'Натщесерце' },
      { id: 2, title: 'Аналізи сечі', content: 'Ранкова сеча' },
    ]);
    expect((await ok<PreparationRule[]>(t.app, 'preparationRules', { language: 'ru' }))[1]).toEqual({
      id: 2,
      title: 'Анализы мочи',
      content: 'Утренняя моча',
    });
  });
});

describe('related and popular services', () => {
  it('answers the packages containing a service (GET service/services/infos/{id}/packages)', async () => {
    const packages = await ok<ServiceCard[]>(t.app, 'servicePackages', {
      params: { id: S.cbc },
      query: { settlementId: KYIV },
    });
    expect(ids(packages)).toEqual([S.checkup]);
    expect(packages[0]?.price).toMatchObject({
      price: { price: 450 },
      originalPrice: { price: 450 },
      total: { price: { price: 510 }, originalPrice: { price: 510 } },
    });
    expect(await ok(t.app, 'servicePackages', { params: { id: S.psa }, query: { settlementId: KYIV } })).toEqual([]);
    expect((await call(t.app, 'servicePackages', { params: { id: 999 }, query: { settlementId: KYIV } })).status).toBe(
      404,
    );
  });

  it('answers what clients also buy (GET content/services/groups/clients/services/infos)', async () => {
    const cards = await ok<ServiceCard[]>(t.app, 'serviceClientsBuy', {
      query: { settlementId: KYIV, serviceId: S.psa },
    });
    expect(ids(cards)).toEqual([S.cbc, S.ferritin]);
    const missing = await call(t.app, 'serviceClientsBuy', { query: { settlementId: KYIV } });
    expect(missing.body).toMatchObject({ code: 'validation-error', field: 'serviceId' });
    const unknown = await call(t.app, 'serviceClientsBuy', { query: { settlementId: KYIV, serviceId: 999 } });
    expect(unknown.body).toEqual({ code: 'not-found', message: 'Аналіз не знайдено' });
    const noCity = await call(t.app, 'serviceClientsBuy', { query: { settlementId: 999, serviceId: S.psa } });
    expect(noCity.body).toEqual({ code: 'not-found', message: 'Місто не знайдено' });
  });

  it('answers a city’s popular services, most popular first (GET content/services/groups/popular/services/infos)', async () => {
    const popular = await ok<ServiceCard[]>(t.app, 'servicesPopular', { query: { settlementId: KYIV } });
    expect(ids(popular)).toEqual([S.cbc, S.checkup, S.ferritin, S.psa]);
    expect((await call(t.app, 'servicesPopular', { query: { settlementId: 999 } })).status).toBe(404);
    expect((await call(t.app, 'servicesPopular')).status).toBe(400);
  });
});

describe('genealogy', () => {
  it('answers the path from the root to a service’s deepest group (GET service/services/{id}/enabled/genealogy)', async () => {
    expect(await ok<Genealogy>(t.app, 'serviceGenealogy', { params: { id: S.ferritin } })).toEqual({
      serviceId: S.ferritin,
      groups: [
        { groupId: 1, slug: 'hematology', title: 'Гематологія' },
        { groupId: 2, slug: 'complete-blood-count', title: 'Загальний аналіз крові' },
      ],
    });
    expect(await ok<Genealogy>(t.app, 'serviceGenealogy', { params: { id: S.draw } })).toEqual({
      serviceId: S.draw,
      groups: [],
    });
    const missing = await call(t.app, 'serviceGenealogy', { params: { id: 999 }, language: 'ru' });
    expect(missing).toMatchObject({ status: 404, body: { code: 'not-found', message: 'Анализ не найден' } });
  });

  it('answers many at once, known ids only (POST service/services/ids/enabled/genealogies)', async () => {
    const many = await ok<Genealogy[]>(t.app, 'serviceGenealogies', {
      body: { ids: [S.checkup, 999, S.cbc] },
      language: 'ru',
    });
    expect(many).toEqual([
      { serviceId: S.checkup, groups: [{ groupId: 3, slug: 'checkups', title: 'Чекапы' }] },
      {
        serviceId: S.cbc,
        groups: [
          { groupId: 1, slug: 'hematology', title: 'Гематология' },
          { groupId: 2, slug: 'complete-blood-count', title: 'Общий анализ крови' },
        ],
      },
    ]);
    expect((await call(t.app, 'serviceGenealogies', { body: { ids: [] } })).body).toMatchObject({ field: 'ids' });
    expect((await call(t.app, 'serviceGenealogies', { body: { ids: [2_147_483_648] } })).status).toBe(400);
    expect((await call(t.app, 'serviceGenealogies', { body: {} })).body).toMatchObject({ field: 'ids' });
  });
});
