/**
 * The shape of the seed: plain data, independent of the database, so that the data modules
 * (seed/data/*) and the code that inserts them (seed/insert.ts) can change separately.
 * Every visible text comes in Ukrainian (uk) and Russian (ru).
 */
export type Text = { uk: string; ru: string };

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
/** Opening hours in Europe/Kyiv local time, "HH:MM"; a missing day is closed. */
export type WeekSchedule = Partial<Record<Weekday, { open: string; close: string }>>;

export type SeedSettlement = {
  sourceId: string; // Latin slug: 'kyiv'
  title: Text;
  lat: number;
  lon: number;
};

export type SeedBranch = {
  settlementSourceId: string;
  address: Text;
  lat: number;
  lon: number;
  phone: string; // +380XXXXXXXXX
  schedule: WeekSchedule;
  services: {
    covidTest: boolean;
    childNurse: boolean;
    cardTerminal: boolean;
    ramp: boolean;
    gynecologicalChair: boolean;
    urogenitalMale: boolean;
    everyDay: boolean;
  };
  partner: boolean;
};

export type SeedGroup = {
  slug: string;
  tree: 'services' | 'packageServices';
  parentSlug: string | null;
  title: Text;
  description: Text;
};

export type SeedMaterial = { key: string; title: Text };

export type SeedService = {
  code: string; // lab code shown to visitors: '2001', 'K-101'
  slug: string;
  title: Text;
  description: Text;
  /** a package (complex) is a service composed of other services */
  packageService: boolean;
  groupSlugs: string[];
  materialKeys: string[];
  preparation: Text;
  /** hours without food the preparation asks for; null: no fasting rule */
  fastingHours: number | null;
  /** the preparation is a plain fasting rule (a stricter one of the same order covers it) */
  fastingRuleOnly: boolean;
  gender: 'male' | 'female' | null;
  turnaroundDays: number;
  /** base price in UAH in Kyiv; other settlements derive from it (seed/insert.ts) */
  basePrice: number;
  /** a discount in percent, when the service is on sale */
  discountPercent: number | null;
  /** for packages: codes of the analyses it includes */
  includes: string[];
  /** codes of services always added with this one (e.g. the blood draw) */
  additional: string[];
  popularity: number; // 0..100, orders the popular list
};

export type SeedMenuItem = { title: Text | null; href: string | null; children: SeedMenuItem[] };
export type SeedMenu = { type: 'header' | 'footer'; items: SeedMenuItem[] };

export type SeedArticle = { type: string; slug: string; title: Text; body: Text }; // body: HTML
export type SeedNews = {
  slug: string;
  type: 'news' | 'promotion';
  title: Text;
  summary: Text;
  body: Text; // HTML
  publishedAt: string; // ISO date-time
  image: string | null;
  /** The promo code a promotion announces: the page shows the code's own days, value and scope. */
  promoCode?: string;
};
export type SeedDocument = {
  slug: string;
  type: 'licence' | 'certificate'; // the contract's DocumentType
  title: Text;
  body: Text;
  dateOfReceiving: string; // YYYY-MM-DD
  image: string | null;
};
export type SeedEquipment = { title: Text; description: Text; manufacturer: string; image: string | null };
export type SeedGender = { code: 'male' | 'female'; title: Text; enabled: boolean };
export type SeedSpecialization = { code: string; title: Text };
export type SeedPromoCode = {
  code: string;
  fraction: number; // 0..1
  validFrom: string; // YYYY-MM-DD
  validTo: string; // YYYY-MM-DD
  maxUses: number | null;
  used: number;
  /** The group slugs whose services (and their subgroups') the code applies to; none: every service. */
  groups?: string[];
  /** False: the code is not taken off a sale price, the larger saving applies (default true). */
  withSales?: boolean;
};

/** A settlement where a nurse comes, and the visit's price there (hryvnia). */
export type SeedHomeVisit = { settlement: string; price: number };

/** General preparation rules (GET /service/services/preparation); `key` is the natural key. */
export type SeedPreparationRule = { key: string; title: Text; content: Text };

export type SeedData = {
  settlements: SeedSettlement[];
  branches: SeedBranch[];
  groups: SeedGroup[];
  materials: SeedMaterial[];
  services: SeedService[];
  menus: SeedMenu[];
  articles: SeedArticle[];
  news: SeedNews[];
  documents: SeedDocument[];
  equipment: SeedEquipment[];
  genders: SeedGender[];
  specializations: SeedSpecialization[];
  promoCodes: SeedPromoCode[];
  /** Optional so that seeds made for one purpose (tests) need not list them. */
  preparationRules?: SeedPreparationRule[];
  /** Settlements with home visits; none listed: no visits anywhere. */
  homeVisits?: SeedHomeVisit[];
};

/**
 * A word of the field (an abbreviation, a lay word) and what it means in the catalogue:
 * seed/data/search-synonyms.ts. Terms are in Ukrainian and Russian.
 */
export type SeedSearchSynonym = {
  terms: string[];
  /** The catalogue's words the terms stand for, searched as if typed. */
  means: string;
  /** Service codes meant, best first: they lead the analyses and packages found. */
  codes: string[];
  /** Category slugs meant: they lead the categories found. */
  groups?: string[];
};
