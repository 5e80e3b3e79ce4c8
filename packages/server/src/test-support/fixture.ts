/**
 * A small, fixed SeedData for route tests: every assertion about ids, counts and order refers to
 * this, not to the real seed (which changes as its authors improve it).
 *
 * Settlements, in insertion order (ids 1..6):
 *   1 kyiv      3 own branches + 1 partner   (08-20 weekdays; 24/7; 07:30-19:00 daily) + partner
 *   2 lviv      2 own branches
 *   3 odesa     1 own branch
 *   4 brovary   1 own branch (small town next to Kyiv)
 *   5 irpin     1 partner branch only
 *   6 fastiv    no branches (never listed)
 */
import type { SeedBranch, SeedData, SeedDocument, SeedNews, SeedService, Text, WeekSchedule } from '../seed/types';

const t = (uk: string, ru: string): Text => ({ uk, ru });

/** Mon-Fri 08:00-20:00, Sat 08:00-15:00, Sunday closed (the hours of docs/product.md#constants). */
export const STANDARD_HOURS: WeekSchedule = {
  mon: { open: '08:00', close: '20:00' },
  tue: { open: '08:00', close: '20:00' },
  wed: { open: '08:00', close: '20:00' },
  thu: { open: '08:00', close: '20:00' },
  fri: { open: '08:00', close: '20:00' },
  sat: { open: '08:00', close: '15:00' },
};
const ROUND_THE_CLOCK: WeekSchedule = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => [day, { open: '00:00', close: '24:00' }]),
);
const DAILY: WeekSchedule = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => [day, { open: '07:30', close: '19:00' }]),
);

const NO_SERVICES: SeedBranch['services'] = {
  covidTest: false,
  childNurse: false,
  cardTerminal: false,
  ramp: false,
  gynecologicalChair: false,
  urogenitalMale: false,
  everyDay: false,
};

function branch(
  settlementSourceId: string,
  address: Text,
  lat: number,
  lon: number,
  schedule: WeekSchedule,
  extra: Partial<SeedBranch> = {},
): SeedBranch {
  return {
    settlementSourceId,
    address,
    lat,
    lon,
    phone: '+380441234567',
    schedule,
    services: NO_SERVICES,
    partner: false,
    ...extra,
  };
}

function service(code: string, slug: string, title: Text, extra: Partial<SeedService> = {}): SeedService {
  return {
    code,
    slug,
    title,
    description: t(`Опис ${title.uk}`, `Описание ${title.ru}`),
    packageService: false,
    groupSlugs: ['complete-blood-count'],
    materialKeys: ['venous-blood'],
    preparation: t('Натщесерце', 'Натощак'),
    fastingHours: 8,
    fastingRuleOnly: false,
    gender: null,
    turnaroundDays: 1,
    basePrice: 100,
    discountPercent: null,
    includes: [],
    additional: [],
    popularity: 10,
    ...extra,
  };
}

/**
 * 25 news items, newest first: n-1 on 2026-10-25 ... n-25 on 2026-10-01; every third a promotion, news-3
 * announcing CHECKUP20.
 */
export const FIXTURE_NEWS: SeedNews[] = Array.from({ length: 25 }, (_, index) => {
  const n = index + 1;
  const day = String(26 - n).padStart(2, '0');
  return {
    slug: `news-${n}`,
    type: n % 3 === 0 ? 'promotion' : 'news',
    title: t(`Новина ${n}`, `Новость ${n}`),
    summary: t(`Коротко про новину ${n}`, `Коротко о новости ${n}`),
    body: t(`<p>Текст новини ${n}</p>`, `<p>Текст новости ${n}</p>`),
    publishedAt: `2026-10-${day}T09:00:00.000Z`,
    image: n === 1 ? '/images/news-1.webp' : null,
    ...(n === 3 ? { promoCode: 'CHECKUP20' } : {}),
  };
});

/** 10 documents, newest first: document-1 received 2026-01-10, document-n (n > 1) on 2025-(14-n)-10. */
export const FIXTURE_DOCUMENTS: SeedDocument[] = Array.from({ length: 10 }, (_, index) => {
  const n = index + 1;
  const date = n === 1 ? '2026-01-10' : `2025-${String(14 - n).padStart(2, '0')}-10`;
  return {
    slug: `document-${n}`,
    type: n % 2 === 0 ? 'certificate' : 'licence',
    title: t(`Документ ${n}`, `Документ ${n} (рус)`),
    body: t(`<p>Зміст документа ${n}</p>`, `<p>Содержание документа ${n}</p>`),
    dateOfReceiving: date,
    image: null,
  };
});

export const fixture: SeedData = {
  settlements: [
    { sourceId: 'kyiv', title: t('Київ', 'Киев'), lat: 50.4501, lon: 30.5234 },
    { sourceId: 'lviv', title: t('Львів', 'Львов'), lat: 49.8397, lon: 24.0297 },
    { sourceId: 'odesa', title: t('Одеса', 'Одесса'), lat: 46.4825, lon: 30.7233 },
    { sourceId: 'brovary', title: t('Бровари', 'Бровары'), lat: 50.511, lon: 30.7909 },
    { sourceId: 'irpin', title: t('Ірпінь', 'Ирпень'), lat: 50.5218, lon: 30.2506 },
    { sourceId: 'fastiv', title: t('Фастів', 'Фастов'), lat: 50.0781, lon: 29.9177 },
  ],
  branches: [
    branch('kyiv', t('вул. Хрещатик, 1', 'ул. Крещатик, 1'), 50.4474, 30.5225, STANDARD_HOURS, {
      services: { ...NO_SERVICES, covidTest: true, cardTerminal: true, ramp: true },
    }),
    branch('kyiv', t('просп. Берестейський, 10', 'просп. Берестейский, 10'), 50.4556, 30.4636, ROUND_THE_CLOCK, {
      services: { ...NO_SERVICES, everyDay: true },
    }),
    branch('kyiv', t('вул. Драгоманова, 5', 'ул. Драгоманова, 5'), 50.4122, 30.6386, DAILY),
    branch('kyiv', t('вул. Партнерська, 3', 'ул. Партнерская, 3'), 50.43, 30.5, STANDARD_HOURS, { partner: true }),
    branch('lviv', t('просп. Свободи, 2', 'просп. Свободы, 2'), 49.8419, 24.0315, STANDARD_HOURS),
    branch('lviv', t('вул. Городоцька, 20', 'ул. Городоцкая, 20'), 49.8386, 23.9937, STANDARD_HOURS),
    branch('odesa', t('вул. Дерибасівська, 4', 'ул. Дерибасовская, 4'), 46.4843, 30.7378, STANDARD_HOURS),
    branch('brovary', t('вул. Київська, 100', 'ул. Киевская, 100'), 50.511, 30.7909, STANDARD_HOURS),
    branch('irpin', t('вул. Університетська, 2', 'ул. Университетская, 2'), 50.5218, 30.2506, STANDARD_HOURS, {
      partner: true,
    }),
  ],
  groups: [
    {
      slug: 'hematology',
      tree: 'services',
      parentSlug: null,
      title: t('Гематологія', 'Гематология'),
      description: t('Кров', 'Кровь'),
    },
    {
      slug: 'complete-blood-count',
      tree: 'services',
      parentSlug: 'hematology',
      title: t('Загальний аналіз крові', 'Общий анализ крови'),
      description: t('ЗАК', 'ОАК'),
    },
    {
      slug: 'checkups',
      tree: 'packageServices',
      parentSlug: null,
      title: t('Чекапи', 'Чекапы'),
      description: t('Комплекси', 'Комплексы'),
    },
  ],
  materials: [
    { key: 'venous-blood', title: t('Венозна кров', 'Венозная кровь') },
    { key: 'urine', title: t('Сеча', 'Моча') },
  ],
  services: [
    service('1001', 'blood-draw', t('Взяття крові', 'Забор крови'), { groupSlugs: [], basePrice: 60, popularity: 0 }),
    service('2001', 'complete-blood-count', t('Загальний аналіз крові', 'Общий анализ крови'), {
      basePrice: 215,
      popularity: 90,
      additional: ['1001'],
      preparation: t('Натщесерце або через 3 години після легкої їжі', 'Натощак или через 3 часа после лёгкой еды'),
      fastingHours: 3,
      fastingRuleOnly: true,
    }),
    service('2002', 'ferritin', t('Феритин', 'Ферритин'), {
      basePrice: 289.9,
      discountPercent: 20,
      popularity: 70,
      additional: ['1001'],
    }),
    service('2003', 'psa-total', t('ПСА загальний', 'ПСА общий'), { gender: 'male', basePrice: 330, popularity: 40 }),
    service('K-101', 'basic-checkup', t('Базовий чекап', 'Базовый чекап'), {
      packageService: true,
      groupSlugs: ['checkups'],
      materialKeys: ['venous-blood', 'urine'],
      includes: ['2001', '2002'],
      additional: ['1001'],
      basePrice: 450,
      popularity: 80,
    }),
  ],
  menus: [
    {
      type: 'header',
      items: [
        {
          title: t('Аналізи', 'Анализы'),
          href: '/analyzes',
          children: [
            { title: t('Гематологія', 'Гематология'), href: '/analyzes/hematology', children: [] },
            { title: null, href: '/hidden', children: [] },
          ],
        },
        { title: null, href: '/no-title', children: [{ title: t('Сирота', 'Сирота'), href: '/orphan', children: [] }] },
        { title: t('Новини', 'Новости'), href: '/news', children: [] },
        {
          title: t('Про нас', 'О нас'),
          href: null,
          children: [
            {
              title: t('Ліцензії', 'Лицензии'),
              href: '/licenses',
              children: [
                {
                  title: t('Третій рівень', 'Третий уровень'),
                  href: '/third',
                  children: [{ title: t('Четвертий', 'Четвертый'), href: '/fourth', children: [] }],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'footer',
      items: [
        {
          title: t('Пацієнтам', 'Пациентам'),
          href: null,
          children: [{ title: t('Підготовка', 'Подготовка'), href: '/preparation', children: [] }],
        },
      ],
    },
  ],
  articles: [
    { type: 'about', slug: 'about', title: t('Про лабораторію', 'О лаборатории'), body: t('<p>Ми</p>', '<p>Мы</p>') },
    {
      type: 'about',
      slug: 'about-old',
      title: t('Стара сторінка', 'Старая страница'),
      body: t('<p>-</p>', '<p>-</p>'),
    },
    { type: 'getapp', slug: 'getapp', title: t('Застосунок', 'Приложение'), body: t('<p>App</p>', '<p>App</p>') },
  ],
  news: FIXTURE_NEWS,
  documents: FIXTURE_DOCUMENTS,
  equipment: [
    {
      title: t('Гематологічний аналізатор', 'Гематологический анализатор'),
      description: t('Аналіз крові', 'Анализ крови'),
      manufacturer: 'Sysmex',
      image: null,
    },
    {
      title: t('Біохімічний аналізатор', 'Биохимический анализатор'),
      description: t('Біохімія', 'Биохимия'),
      manufacturer: 'Roche',
      image: '/images/cobas.webp',
    },
  ],
  genders: [
    { code: 'male', title: t('Чоловіча', 'Мужской'), enabled: true },
    { code: 'female', title: t('Жіноча', 'Женский'), enabled: true },
  ],
  specializations: [
    { code: 'therapist', title: t('Терапевт', 'Терапевт') },
    { code: 'immunologist', title: t('Імунолог', 'Иммунолог') },
    { code: 'gynecologist', title: t('Гінеколог', 'Гинеколог') },
    { code: 'endocrinologist', title: t('Ендокринолог', 'Эндокринолог') },
  ],
  promoCodes: [
    { code: 'SPRING10', fraction: 0.1, validFrom: '2026-01-01', validTo: '2026-12-31', maxUses: null, used: 0 },
    { code: 'old5', fraction: 0.05, validFrom: '2025-01-01', validTo: '2025-12-31', maxUses: null, used: 0 },
    { code: 'ONCE', fraction: 0.15, validFrom: '2026-01-01', validTo: '2026-12-31', maxUses: 1, used: 1 },
    { code: 'FUTURE', fraction: 0.2, validFrom: '2027-01-01', validTo: '2027-12-31', maxUses: null, used: 0 },
    // scoped: the checkup packages only; the hematology group (and its subgroup) only
    {
      code: 'CHECKUP20',
      fraction: 0.2,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      maxUses: null,
      used: 0,
      groups: ['checkups'],
    },
    // not taken off a sale price (the ferritin's 20 % sale): the larger saving applies
    {
      code: 'NOSALE25',
      fraction: 0.25,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      maxUses: null,
      used: 0,
      groups: ['complete-blood-count'],
      withSales: false,
    },
    {
      code: 'NOSALE15',
      fraction: 0.15,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      maxUses: null,
      used: 0,
      groups: ['complete-blood-count'],
      withSales: false,
    },
    {
      code: 'BLOOD30',
      fraction: 0.3,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      maxUses: null,
      used: 0,
      groups: ['hematology'],
    },
  ],
  preparationRules: [
    { key: 'blood', title: t('Аналізи крові', 'Анализы крови'), content: t('Натщесерце', 'Натощак') },
    { key: 'urine', title: t('Аналізи сечі', 'Анализы мочи'), content: t('Ранкова сеча', 'Утренняя моча') },
  ],
  // nurses in Kyiv and Lviv only
  homeVisits: [
    { settlement: 'kyiv', price: 350 },
    { settlement: 'lviv', price: 350 },
  ],
};
