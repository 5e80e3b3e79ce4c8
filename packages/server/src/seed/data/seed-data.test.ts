import type { SeedData, SeedMenuItem, SeedService, Text } from '../types';
import { seedData, syntheticServices } from './index';
import { searchSynonyms } from './search-synonyms';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const { services } = seedData;
const analyses = services.filter((s) => !s.packageService && !s.groupSlugs.includes('procedures'));
const packages = services.filter((s) => s.packageService);
const byCode = new Map(services.map((s) => [s.code, s]));
const groupBySlug = new Map(seedData.groups.map((g) => [g.slug, g]));

const duplicates = (values: string[]): string[] => values.filter((v, i) => values.indexOf(v) !== i);
const filled = (text: Text | null | undefined): boolean => !!text && text.uk.trim() !== '' && text.ru.trim() !== '';
const flatten = (items: SeedMenuItem[], depth = 1): Array<SeedMenuItem & { depth: number }> =>
  items.flatMap((item) => [{ ...item, depth }, ...flatten(item.children, depth + 1)]);

describe('counts', () => {
  it('has enough of every entity', () => {
    // the storefront's texts promise "78 branches in over 58 cities"
    expect(seedData.settlements.length).toBeGreaterThanOrEqual(59);
    expect(seedData.branches.length).toBe(78);
    expect(seedData.groups.length).toBeGreaterThanOrEqual(15);
    expect(analyses.length).toBeGreaterThanOrEqual(300);
    expect(packages.length).toBeGreaterThanOrEqual(30);
    expect(seedData.news.length).toBeGreaterThanOrEqual(15);
    expect(seedData.documents.length).toBeGreaterThanOrEqual(10);
    expect(seedData.equipment.length).toBeGreaterThanOrEqual(8);
    expect(seedData.specializations.length).toBeGreaterThanOrEqual(10);
    expect(seedData.materials.length).toBeGreaterThanOrEqual(8);
  });

  it('has group trees of at least two levels, both trees', () => {
    for (const tree of ['services', 'packageServices'] as const) {
      const inTree = seedData.groups.filter((g) => g.tree === tree);
      expect(inTree.some((g) => g.parentSlug === null)).toBe(true);
      expect(inTree.some((g) => g.parentSlug !== null)).toBe(true);
    }
  });
});

describe('uniqueness', () => {
  it.each([
    ['settlement sourceIds', seedData.settlements.map((s) => s.sourceId)],
    ['group slugs', seedData.groups.map((g) => g.slug)],
    ['material keys', seedData.materials.map((m) => m.key)],
    ['service codes', services.map((s) => s.code)],
    ['service slugs', services.map((s) => s.slug)],
    ['article slugs', seedData.articles.map((a) => a.slug)],
    ['article types', seedData.articles.map((a) => a.type)],
    ['news slugs', seedData.news.map((n) => n.slug)],
    ['document slugs', seedData.documents.map((d) => d.slug)],
    ['menu types', seedData.menus.map((m) => m.type)],
    ['promo codes', seedData.promoCodes.map((p) => p.code)],
    ['specialization codes', seedData.specializations.map((s) => s.code)],
    ['gender codes', seedData.genders.map((g) => g.code)],
    ['branch addresses per settlement', seedData.branches.map((b) => `${b.settlementSourceId}|${b.address.uk}`)],
    ['branch phones', seedData.branches.map((b) => b.phone)],
    ['service titles', services.map((s) => s.title.uk)],
  ])('%s are unique', (_name, values) => {
    expect(duplicates(values)).toEqual([]);
  });
});

describe('slugs and titles', () => {
  it('uses Latin kebab-case slugs everywhere', () => {
    const slugs = [
      ...seedData.settlements.map((s) => s.sourceId),
      ...seedData.groups.map((g) => g.slug),
      ...services.map((s) => s.slug),
      ...seedData.articles.flatMap((a) => [a.slug, a.type]),
      ...seedData.news.map((n) => n.slug),
      ...seedData.documents.map((d) => d.slug),
      ...seedData.materials.map((m) => m.key),
    ];
    expect(slugs.filter((s) => !SLUG.test(s) || s.length > 200)).toEqual([]);
  });

  it('has non-empty titles in uk and ru', () => {
    const titled: Array<[string, Text]> = [
      ...seedData.settlements.map((s) => [s.sourceId, s.title] as [string, Text]),
      ...seedData.groups.flatMap((g) => [
        [g.slug, g.title] as [string, Text],
        [`${g.slug} description`, g.description] as [string, Text],
      ]),
      ...seedData.materials.map((m) => [m.key, m.title] as [string, Text]),
      ...services.flatMap((s) => [
        [s.code, s.title] as [string, Text],
        [`${s.code} description`, s.description] as [string, Text],
        [`${s.code} preparation`, s.preparation] as [string, Text],
      ]),
      ...seedData.articles.flatMap((a) => [
        [a.slug, a.title] as [string, Text],
        [`${a.slug} body`, a.body] as [string, Text],
      ]),
      ...seedData.news.flatMap((n) => [
        [n.slug, n.title] as [string, Text],
        [`${n.slug} summary`, n.summary] as [string, Text],
        [`${n.slug} body`, n.body] as [string, Text],
      ]),
      ...seedData.documents.map((d) => [d.slug, d.title] as [string, Text]),
      ...seedData.equipment.map((e) => [e.manufacturer, e.title] as [string, Text]),
      ...seedData.genders.map((g) => [g.code, g.title] as [string, Text]),
      ...seedData.specializations.map((s) => [s.code, s.title] as [string, Text]),
      ...seedData.branches.map((b) => [b.phone, b.address] as [string, Text]),
    ];
    expect(titled.filter(([, text]) => !filled(text)).map(([key]) => key)).toEqual([]);
  });
});

describe('settlements and branches', () => {
  it('places cities inside Ukraine', () => {
    for (const s of seedData.settlements) {
      expect(s.lat).toBeGreaterThan(44);
      expect(s.lat).toBeLessThan(52.5);
      expect(s.lon).toBeGreaterThan(22);
      expect(s.lon).toBeLessThan(40.3);
    }
  });

  it('has the required cities', () => {
    const ids = new Set(seedData.settlements.map((s) => s.sourceId));
    for (const id of [
      'kyiv',
      'lviv',
      'odesa',
      'kharkiv',
      'dnipro',
      'ivano-frankivsk',
      'kryvyi-rih',
      'kamianets-podilskyi',
    ]) {
      expect(ids.has(id)).toBe(true);
    }
  });

  it('links every branch to an existing settlement, near its centre', () => {
    const cities = new Map(seedData.settlements.map((s) => [s.sourceId, s]));
    for (const b of seedData.branches) {
      const city = cities.get(b.settlementSourceId);
      expect(city).toBeDefined();
      if (!city) continue;
      expect(Math.abs(b.lat - city.lat)).toBeLessThan(0.1);
      expect(Math.abs(b.lon - city.lon)).toBeLessThan(0.1);
    }
  });

  it('gives every settlement a branch, and more to the big cities', () => {
    const count = (id: string) => seedData.branches.filter((b) => b.settlementSourceId === id).length;
    expect(seedData.settlements.filter((s) => count(s.sourceId) === 0).map((s) => s.sourceId)).toEqual([]);
    expect(new Set(seedData.branches.map((b) => b.settlementSourceId)).size).toBe(seedData.settlements.length);
    expect(seedData.settlements.length).toBeGreaterThanOrEqual(59);
    expect(seedData.branches).toHaveLength(78);
    const others = seedData.settlements.filter((s) => s.sourceId !== 'kyiv').map((s) => count(s.sourceId));
    expect(count('kyiv')).toBeGreaterThan(Math.max(...others)); // Kyiv leads the top-branches-count list
    for (const id of ['lviv', 'odesa', 'kharkiv', 'dnipro']) expect(count(id)).toBeGreaterThanOrEqual(2);
  });

  it('keeps a variety of schedules: several branches open every day, partners on weekdays', () => {
    const everyDay = seedData.branches.filter((b) => b.schedule.sun !== undefined);
    expect(everyDay.length).toBeGreaterThanOrEqual(3);
    expect(new Set(everyDay.map((b) => b.settlementSourceId)).size).toBeGreaterThanOrEqual(3);
    const schedules = new Set(seedData.branches.map((b) => JSON.stringify(b.schedule)));
    expect(schedules.size).toBeGreaterThanOrEqual(3);
    const partners = seedData.branches.filter((b) => b.partner);
    expect(partners.length).toBeGreaterThan(0);
    expect(partners.length).toBeLessThan(seedData.branches.length / 4);
  });

  it('states the data’s own branch and city counts in the about article', () => {
    const about = seedData.articles.find((a) => a.type === 'about');
    expect(about?.body.uk).toContain(`${seedData.branches.length} відділень у ${seedData.settlements.length} містах`);
    expect(about?.body.ru).toContain(`${seedData.branches.length} отделений в ${seedData.settlements.length} городах`);
  });

  it('has valid phones, schedules and flags', () => {
    for (const b of seedData.branches) {
      expect(b.phone).toMatch(/^\+380\d{9}$/);
      const days = Object.entries(b.schedule);
      expect(days.length).toBeGreaterThan(0);
      for (const [, hours] of days) {
        expect(hours?.open).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(hours?.close).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect((hours?.open ?? '') < (hours?.close ?? '')).toBe(true);
      }
      expect(b.services.everyDay).toBe(Object.keys(b.schedule).length === 7);
    }
    const flags = Object.keys(seedData.branches[0]?.services ?? {}) as Array<
      keyof SeedData['branches'][number]['services']
    >;
    for (const flag of flags) {
      // every flag is varied: neither always on nor always off
      const on = seedData.branches.filter((b) => b.services[flag]).length;
      expect(on).toBeGreaterThan(0);
      expect(on).toBeLessThan(seedData.branches.length);
    }
    expect(seedData.branches.some((b) => b.partner)).toBe(true);
    expect(seedData.branches.some((b) => b.schedule.sun === undefined)).toBe(true);
  });
});

describe('groups', () => {
  it('links parents within the same tree', () => {
    for (const g of seedData.groups) {
      if (g.parentSlug === null) continue;
      const parent = groupBySlug.get(g.parentSlug);
      expect(parent).toBeDefined();
      expect(parent?.tree).toBe(g.tree);
    }
  });
});

describe('services', () => {
  const materialKeys = new Set(seedData.materials.map((m) => m.key));

  it('refers to existing groups of the right tree and existing materials', () => {
    for (const s of services) {
      expect(s.groupSlugs.length).toBeGreaterThan(0);
      for (const slug of s.groupSlugs) {
        const group = groupBySlug.get(slug);
        expect(group).toBeDefined();
        expect(group?.tree).toBe(s.packageService ? 'packageServices' : 'services');
      }
      expect(s.materialKeys.length).toBeGreaterThan(0);
      for (const key of s.materialKeys) expect(materialKeys.has(key)).toBe(true);
    }
  });

  it('has additional services that exist and are not packages', () => {
    for (const s of services) {
      for (const code of s.additional) {
        const extra = byCode.get(code);
        expect(extra).toBeDefined();
        expect(extra?.packageService).toBe(false);
        expect(code).not.toBe(s.code);
      }
    }
  });

  it('adds the venous blood draw to blood tests', () => {
    const draw = byCode.get('V-01');
    expect(draw?.title.uk).toBe('Взяття венозної крові');
    expect(draw?.packageService).toBe(false);
    const bloodTests = analyses.filter((a) => a.materialKeys[0] === 'serum' || a.materialKeys[0] === 'venous-blood');
    expect(bloodTests.every((a) => a.additional.includes('V-01'))).toBe(true);
  });

  it('keeps fields in their ranges', () => {
    for (const s of services) {
      expect(Number.isInteger(s.turnaroundDays)).toBe(true);
      expect(s.turnaroundDays).toBeGreaterThanOrEqual(1);
      expect(s.turnaroundDays).toBeLessThanOrEqual(10);
      expect(s.basePrice).toBeGreaterThan(0);
      expect(Math.round(s.basePrice * 100) / 100).toBe(s.basePrice);
      expect(s.popularity).toBeGreaterThanOrEqual(0);
      expect(s.popularity).toBeLessThanOrEqual(100);
      if (s.discountPercent !== null) {
        expect(s.discountPercent).toBeGreaterThanOrEqual(10);
        expect(s.discountPercent).toBeLessThanOrEqual(30);
      }
      if (!s.packageService) expect(s.includes).toEqual([]);
    }
  });

  it('puts about a fifth of the analyses on sale', () => {
    const share = analyses.filter((a) => a.discountPercent !== null).length / analyses.length;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.35);
  });

  it('restricts gender where it is real', () => {
    const gender = (title: string) => analyses.find((a) => a.title.uk === title)?.gender;
    expect(gender('ПСА загальний')).toBe('male');
    expect(gender('CA-125')).toBe('female');
    expect(gender('Прогестерон')).toBe('female');
    expect(gender('Тиреотропний гормон (ТТГ)')).toBeNull();
    expect(analyses.find((a) => a.title.uk.includes('ПАП-тест'))?.gender).toBe('female');
  });

  it('has the popular analyses on top', () => {
    const top = [...analyses].sort((a, b) => b.popularity - a.popularity).slice(0, 10);
    const titles = top.map((a) => a.title.uk);
    expect(titles).toContain('Загальний аналіз крові з лейкоцитарною формулою');
    expect(titles).toContain('Глюкоза в крові');
    expect(titles).toContain('Тиреотропний гормон (ТТГ)');
  });
});

describe('packages', () => {
  it('include 3–15 existing analyses, never packages or procedures', () => {
    for (const p of packages) {
      expect(p.includes.length).toBeGreaterThanOrEqual(3);
      expect(p.includes.length).toBeLessThanOrEqual(15);
      expect(duplicates(p.includes)).toEqual([]);
      for (const code of p.includes) {
        const item = byCode.get(code);
        expect(item).toBeDefined();
        expect(item?.packageService).toBe(false);
        expect(item?.groupSlugs).not.toContain('procedures');
      }
    }
  });

  it('cost less than their analyses bought one by one', () => {
    const tooDear = packages.filter((p) => {
      const sum = p.includes.reduce((total, code) => total + (byCode.get(code)?.basePrice ?? 0), 0);
      return !(p.basePrice < sum);
    });
    expect(tooDear.map((p) => p.code)).toEqual([]);
  });

  it('agree on gender with their analyses', () => {
    for (const p of packages) {
      for (const code of p.includes) {
        const g = byCode.get(code)?.gender ?? null;
        if (g !== null) expect(p.gender).toBe(g);
      }
    }
    expect(packages.find((p) => p.code === 'K-101')?.gender).toBe('female');
  });
});

describe('content', () => {
  it('has header and footer menus with valid links', () => {
    const header = seedData.menus.find((m) => m.type === 'header');
    const footer = seedData.menus.find((m) => m.type === 'footer');
    expect(header).toBeDefined();
    expect(footer).toBeDefined();
    const all = seedData.menus.flatMap((m) => flatten(m.items));
    expect(Math.max(...all.map((i) => i.depth))).toBeLessThanOrEqual(3);
    expect(all.some((i) => i.title === null)).toBe(true);
    expect(all.some((i) => i.href?.startsWith('https://'))).toBe(true);
    for (const item of all) {
      if (item.title !== null) expect(filled(item.title)).toBe(true);
      const category = item.href?.match(/^\/analyzes\/(.+)$/)?.[1];
      if (category) expect(groupBySlug.has(category)).toBe(true);
    }
    const hrefs = flatten(header?.items ?? []).map((i) => i.href);
    for (const href of ['/contacts', '/news', '/about', '/home-visit']) expect(hrefs).toContain(href);
  });

  it('has the required articles', () => {
    const types = seedData.articles.map((a) => a.type);
    for (const type of [
      'about',
      'contacts',
      'getapp',
      'home-visit',
      'public-contract',
      'personal-data-consent',
      'privacy-policy',
    ]) {
      expect(types).toContain(type);
    }
    for (const a of seedData.articles) expect(a.body.uk).toMatch(/<p>/);
  });

  it('writes every percentage of the news as the site does, «20 %» with a non-breaking space (docs/product.md#the-products-choices)', () => {
    const texts = seedData.news
      .flatMap((item) => [item.title, item.summary, item.body])
      .flatMap((text) => [text.uk, text.ru]);
    expect(texts.filter((text) => /%/.test(text)).length).toBeGreaterThan(0);
    // a digit, then no space or an ordinary one, then the sign
    expect(texts.filter((text) => /\d ?%/.test(text))).toEqual([]);
  });

  it('has news and promotions over at most 18 months', () => {
    const types = new Set(seedData.news.map((n) => n.type));
    expect(types).toEqual(new Set(['news', 'promotion']));
    const times = seedData.news.map((n) => Date.parse(n.publishedAt));
    expect(times.every((t) => !Number.isNaN(t))).toBe(true);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(18 * 31 * 24 * 3600 * 1000);
  });

  it('has dated documents of both types', () => {
    for (const d of seedData.documents) {
      expect(d.dateOfReceiving).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(d.dateOfReceiving))).toBe(false);
    }
    expect(new Set(seedData.documents.map((d) => d.type))).toEqual(new Set(['licence', 'certificate']));
  });
});

describe('reference data', () => {
  it('has both genders enabled', () => {
    expect(seedData.genders.map((g) => g.code).sort()).toEqual(['female', 'male']);
    expect(seedData.genders.every((g) => g.enabled)).toBe(true);
  });

  it('has promo codes in every state', () => {
    const today = new Date().toISOString().slice(0, 10);
    const usable = (p: (typeof seedData.promoCodes)[number]) => p.maxUses === null || p.used < p.maxUses;
    for (const p of seedData.promoCodes) {
      expect(p.fraction).toBeGreaterThan(0);
      expect(p.fraction).toBeLessThan(1);
      expect(p.validFrom <= p.validTo).toBe(true);
    }
    const health = seedData.promoCodes.find((p) => p.code === 'HEALTH10');
    expect(health?.fraction).toBe(0.1);
    expect(health && health.validTo >= '2030-01-01' && usable(health)).toBe(true);
    expect(seedData.promoCodes.find((p) => p.code === 'CHECKUP20')?.fraction).toBe(0.2);
    expect(seedData.promoCodes.some((p) => p.validTo < today)).toBe(true);
    expect(seedData.promoCodes.some((p) => !usable(p) && p.validTo >= '2030-01-01')).toBe(true);
  });

  it('a promo code’s scope is what its news item says: each group it applies to named in both languages', () => {
    const scoped = seedData.promoCodes.filter((p) => (p.groups ?? []).length > 0);
    expect(scoped.map((p) => p.code)).toContain('CHECKUP20');
    for (const promo of scoped) {
      const items = seedData.news.filter((n) => `${n.summary.uk} ${n.body.uk}`.includes(promo.code));
      expect({ code: promo.code, items: items.length }).toEqual({ code: promo.code, items: 1 });
      for (const slug of promo.groups ?? []) {
        const group = seedData.groups.find((g) => g.slug === slug);
        expect(items[0]?.body.uk).toContain(`«${group?.title.uk}»`);
        expect(items[0]?.body.ru).toContain(`«${group?.title.ru}»`);
      }
    }
    // and a code a news item names without a scope would apply to everything: none of them does that
    for (const item of seedData.news) {
      for (const promo of seedData.promoCodes.filter((p) => item.body.uk.includes(p.code))) {
        expect({ code: promo.code, scoped: (promo.groups ?? []).length > 0 }).toEqual({
          code: promo.code,
          scoped: true,
        });
      }
    }
  });
});

describe('determinism', () => {
  it('builds the same data on every import', () => {
    let again: SeedData | undefined;
    jest.isolateModules(() => {
      again = (require('./index') as { seedData: SeedData }).seedData;
    });
    expect(JSON.stringify(again)).toBe(JSON.stringify(seedData));
  });
});

describe('syntheticServices', () => {
  const extra = syntheticServices(1000, seedData);

  it('gives the requested number of services with unique codes and slugs that do not clash', () => {
    expect(extra).toHaveLength(1000);
    const codes = [...services, ...extra].map((s) => s.code);
    const slugs = [...services, ...extra].map((s) => s.slug);
    expect(duplicates(codes)).toEqual([]);
    expect(duplicates(slugs)).toEqual([]);
    expect(extra.every((s) => SLUG.test(s.slug) && s.slug.length <= 200)).toBe(true);
  });

  it('spreads them over existing groups and keeps every reference valid', () => {
    const materialKeys = new Set(seedData.materials.map((m) => m.key));
    const used = new Set<string>();
    for (const s of extra) {
      expect(s.packageService).toBe(false);
      expect(filled(s.title)).toBe(true);
      expect(s.groupSlugs.length).toBeGreaterThan(0);
      for (const g of s.groupSlugs) {
        expect(groupBySlug.get(g)?.tree).toBe('services');
        used.add(g);
      }
      for (const key of s.materialKeys) expect(materialKeys.has(key)).toBe(true);
      for (const code of s.additional) expect(byCode.has(code)).toBe(true);
      expect(s.basePrice).toBeGreaterThan(0);
      expect(s.turnaroundDays).toBeGreaterThanOrEqual(1);
    }
    const serviceGroups = seedData.groups.filter((g) => g.tree === 'services' && g.slug !== 'procedures');
    expect(used.size).toBeGreaterThanOrEqual(serviceGroups.length * 0.9);
  });

  it('is deterministic and stable by prefix', () => {
    expect(syntheticServices(1000, seedData)).toEqual(extra);
    expect(syntheticServices(10, seedData)).toEqual(extra.slice(0, 10));
    expect(syntheticServices(0, seedData)).toEqual([]);
  });

  it('scales past one round of variants', () => {
    const many: SeedService[] = syntheticServices(analyses.length * 9, seedData);
    expect(duplicates(many.map((s) => s.slug))).toEqual([]);
  });
});

describe('Ukrainian texts', () => {
  /** Every `uk` text of the seed with where it is. */
  const ukTexts = (value: unknown, at: string): Array<[string, string]> => {
    if (Array.isArray(value)) return value.flatMap((item, index) => ukTexts(item, `${at}[${index}]`));
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, inner]) =>
      key === 'uk' && typeof inner === 'string' ? [[at, inner] as [string, string]] : ukTexts(inner, `${at}.${key}`),
    );
  };

  it('write the apostrophe as ’ only (one character in titles, articles and search)', () => {
    const texts = ukTexts(seedData, 'seed');
    expect(texts.length).toBeGreaterThan(1000);
    const wrong = texts.filter(([, text]) => /\p{Script=Cyrillic}['ʼ`]\p{Script=Cyrillic}/u.test(text));
    expect(wrong).toEqual([]);
  });
});

describe('search synonyms (the field’s words)', () => {
  it('name existing analyses and categories, and no term twice', () => {
    for (const synonym of searchSynonyms) {
      for (const code of synonym.codes) expect(byCode.get(code)?.code).toBe(code);
      for (const slug of synonym.groups ?? []) expect(groupBySlug.get(slug)?.slug).toBe(slug);
      expect(synonym.codes.length + (synonym.groups?.length ?? 0)).toBeGreaterThan(0);
    }
    const terms = searchSynonyms.flatMap((synonym) => synonym.terms.map((term) => term.toLowerCase()));
    expect(duplicates(terms)).toEqual([]);
  });
});
