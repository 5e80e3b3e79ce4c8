import { parseScale } from '../cli/seed';
import { fixture } from '../test-support/fixture';
import { openTestDatabase, type TestDatabase } from '../test-support/harness';
import { excerpt, insertSeed, toScheduleDays } from './insert';
import { localPrice, priceCoefficient, REGIONAL_CENTRES } from './prices';
import type { SeedData } from './types';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase(); // already seeded with the fixture
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type PriceRow = {
  sourceId: string;
  code: string;
  price: number;
  fullPrice: number;
  base: number;
  discount: number | null;
  coefficient: number;
};
const prices = () =>
  t.db.query<PriceRow>(
    `SELECT st.source_id AS "sourceId", s.code, p.price, p.full_price AS "fullPrice", s.base_price AS base,
            s.discount_percent AS discount, st.price_coefficient AS coefficient
       FROM service_prices p JOIN services s ON s.id = p.service_id JOIN settlements st ON st.id = p.settlement_id
      ORDER BY st.id, s.id`,
  );

describe('prices', () => {
  it('derive from the Kyiv base price by a fixed per-city coefficient', async () => {
    const coefficients = Object.fromEntries(fixture.settlements.map((s) => [s.sourceId, priceCoefficient(s.sourceId)]));
    expect(coefficients.kyiv).toBe(1);
    for (const sourceId of ['lviv', 'odesa']) {
      expect(REGIONAL_CENTRES.has(sourceId)).toBe(true);
      expect(coefficients[sourceId]).toBeGreaterThanOrEqual(0.9);
      expect(coefficients[sourceId]).toBeLessThanOrEqual(0.97);
    }
    for (const sourceId of ['brovary', 'irpin', 'fastiv']) {
      expect(coefficients[sourceId]).toBeGreaterThanOrEqual(0.85);
      expect(coefficients[sourceId]).toBeLessThanOrEqual(0.95);
    }
    expect(priceCoefficient('lviv')).toBe(coefficients.lviv); // deterministic
  });

  it('exist for every service in every settlement, in halves of a hryvnia, as localPrice computes', async () => {
    const rows = await prices();
    expect(rows).toHaveLength(fixture.settlements.length * fixture.services.length);
    for (const row of rows) {
      expect((row.price * 2) % 1).toBe(0);
      expect((row.fullPrice * 2) % 1).toBe(0);
      expect({ code: row.code, ...localPrice(row.base, row.coefficient, row.discount) }).toEqual({
        code: row.code,
        price: row.price,
        fullPrice: row.fullPrice,
      });
      if (row.discount === null) expect(row.price).toBe(row.fullPrice);
      else expect(row.fullPrice).toBeGreaterThan(row.price);
    }
    const kyiv = rows.filter((r) => r.sourceId === 'kyiv');
    expect(kyiv.find((r) => r.code === '2001')).toMatchObject({ price: 215, fullPrice: 215 });
    // 289.90 -> 290.00 full; 20 % off -> 232.00
    expect(kyiv.find((r) => r.code === '2002')).toMatchObject({ price: 232, fullPrice: 290 });
  });

  it.each([
    [100, 0.9, null, 90, 90],
    [289.9, 1, 20, 232, 290],
    [215, 0.933, null, 200.5, 200.5],
    [1, 1, 1, 0.5, 1], // a tiny sale still leaves the price below the full price
  ])('localPrice(%d, %d, %j) = %d / %d', (base, coefficient, discount, price, fullPrice) => {
    expect(localPrice(base, coefficient, discount)).toEqual({ price, fullPrice });
  });
});

describe('inserted rows', () => {
  it('give groups their id-path keys and branches the contract’s schedule', async () => {
    const groups = await t.db.query<{ slug: string; id: number; key: string; parentId: number | null }>(
      'SELECT slug, id, key, parent_id AS "parentId" FROM service_groups ORDER BY id',
    );
    const bySlug = Object.fromEntries(groups.map((g) => [g.slug, g]));
    expect(bySlug.hematology?.key).toBe(String(bySlug.hematology?.id));
    expect(bySlug['complete-blood-count']).toMatchObject({
      parentId: bySlug.hematology?.id,
      key: `${bySlug.hematology?.id}.${bySlug['complete-blood-count']?.id}`,
    });
    const branch = await t.db.one<{ schedule: unknown }>(
      "SELECT schedule FROM branches WHERE address_uk LIKE 'просп. Берестейський%'",
    );
    expect(branch.schedule).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '00:00' })),
    );
  });

  it('link packages, additional services, groups and materials', async () => {
    const links = await t.db.one<Record<string, string[]>>(
      `SELECT
         (SELECT array_agg(i.code ORDER BY pi.sort_order) FROM package_items pi JOIN services p ON p.id = pi.package_id
            JOIN services i ON i.id = pi.service_id WHERE p.code = 'K-101') AS includes,
         (SELECT array_agg(s.code ORDER BY s.code) FROM additional_services a JOIN services s ON s.id = a.service_id
            JOIN services x ON x.id = a.additional_service_id WHERE x.code = '1001') AS "withDraw",
         (SELECT array_agg(m.key ORDER BY sm.sort_order) FROM service_materials sm JOIN materials m ON m.id = sm.material_id
            JOIN services s ON s.id = sm.service_id WHERE s.code = 'K-101') AS materials`,
    );
    expect(links).toEqual({
      includes: ['2001', '2002'],
      withDraw: ['2001', '2002', 'K-101'],
      materials: ['venous-blood', 'urine'],
    });
  });
});

describe('re-running the seed', () => {
  const snapshot = () =>
    t.db.query<{ what: string; n: number; ids: number }>(
      `SELECT 'settlements' AS what, count(*)::int AS n, sum(id)::int AS ids FROM settlements
       UNION ALL SELECT 'branches', count(*)::int, sum(id)::int FROM branches
       UNION ALL SELECT 'groups', count(*)::int, sum(id)::int FROM service_groups
       UNION ALL SELECT 'services', count(*)::int, sum(id)::int FROM services
       UNION ALL SELECT 'prices', count(*)::int, 0 FROM service_prices
       UNION ALL SELECT 'group links', count(*)::int, 0 FROM service_group_items
       UNION ALL SELECT 'menu items', count(*)::int, 0 FROM menu_items
       UNION ALL SELECT 'news', count(*)::int, sum(id)::int FROM news
       UNION ALL SELECT 'promo codes', count(*)::int, sum(id)::int FROM promo_codes
       ORDER BY 1`,
    );

  it('changes nothing, keeps ids, and keeps promo usage counters', async () => {
    const before = await snapshot();
    await t.db.query("UPDATE promo_codes SET used = 5 WHERE code = 'SPRING10'");
    await insertSeed(t.db, fixture);
    expect(await snapshot()).toEqual(before);
    expect(await t.db.one("SELECT used FROM promo_codes WHERE code = 'SPRING10'")).toEqual({ used: 5 });
  });

  it('updates changed rows in place and recomputes prices', async () => {
    const changed: SeedData = {
      ...fixture,
      services: fixture.services.map((s) => (s.code === '2001' ? { ...s, basePrice: 300, discountPercent: 10 } : s)),
    };
    await insertSeed(t.db, changed);
    const kyiv = (await prices()).find((r) => r.sourceId === 'kyiv' && r.code === '2001');
    expect(kyiv).toMatchObject({ price: 270, fullPrice: 300 });
    await insertSeed(t.db, fixture);
  });

  it('rolls everything back when the data refers to something unknown', async () => {
    const broken: SeedData = {
      ...fixture,
      settlements: [
        ...fixture.settlements,
        { sourceId: 'uman', title: { uk: 'Умань', ru: 'Умань' }, lat: 48.75, lon: 30.22 },
      ],
      services: [
        ...fixture.services,
        { ...(fixture.services[1] as SeedData['services'][number]), code: '9999', slug: 'x', groupSlugs: ['nope'] },
      ],
    };
    await expect(insertSeed(t.db, broken)).rejects.toThrow('service 9999 refers to unknown group "nope"');
    expect(await t.db.maybeOne("SELECT 1 FROM settlements WHERE source_id = 'uman'")).toBeNull();
  });

  it('refuses duplicate natural keys', async () => {
    const duplicated: SeedData = { ...fixture, genders: [...fixture.genders, ...fixture.genders] };
    await expect(insertSeed(t.db, duplicated)).rejects.toThrow('duplicate genders (code)');
  });
});

describe('helpers', () => {
  it('turn the seed’s week into seven contract days', () => {
    expect(toScheduleDays({ mon: { open: '8:00', close: '20:00' }, sun: { open: '09:00', close: '24:00' } })).toEqual([
      { weekday: 1, opensAt: '08:00', closesAt: '20:00' },
      { weekday: 2, opensAt: null, closesAt: null },
      { weekday: 3, opensAt: null, closesAt: null },
      { weekday: 4, opensAt: null, closesAt: null },
      { weekday: 5, opensAt: null, closesAt: null },
      { weekday: 6, opensAt: null, closesAt: null },
      { weekday: 7, opensAt: '09:00', closesAt: '00:00' },
    ]);
    expect(() => toScheduleDays({ tue: { open: '25:00', close: '26:00' } })).toThrow('bad time');
  });

  it('make meta descriptions from HTML', () => {
    expect(excerpt('<p>Перший&nbsp;абзац</p>\n<p>другий</p>')).toBe('Перший абзац другий');
    const long = excerpt(`<p>${'слово '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('слово…')).toBe(true);
  });

  it('read --scale', () => {
    expect(parseScale([])).toBe(0);
    expect(parseScale(['--scale', '1000'])).toBe(1000);
    expect(parseScale(['--scale=50'])).toBe(50);
    expect(() => parseScale(['--scale', 'many'])).toThrow('--scale');
  });
});
