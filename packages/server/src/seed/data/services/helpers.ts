import type { SeedService, Text } from '../../types';
import type { MaterialKey } from '../materials';
import { hash, pick, slugify } from '../util';
import { FASTING, PREP, type PrepKey } from './preparation';

/** Codes of the procedure services added to analyses (see procedures.ts). */
export const BLOOD_DRAW = 'V-01';
export const CAPILLARY_DRAW = 'V-02';
export const UROGENITAL_SAMPLING = 'V-03';
export const SWAB_SAMPLING = 'V-04';
export const BUCCAL_SAMPLING = 'V-05';

const DRAW_BY_MATERIAL: Partial<Record<MaterialKey, string>> = {
  'venous-blood': BLOOD_DRAW,
  serum: BLOOD_DRAW,
  'plasma-citrate': BLOOD_DRAW,
  'plasma-edta': BLOOD_DRAW,
  'capillary-blood': CAPILLARY_DRAW,
  'urethral-swab': UROGENITAL_SAMPLING,
  'cervical-swab': UROGENITAL_SAMPLING,
  'vaginal-swab': UROGENITAL_SAMPLING,
  'nasopharyngeal-swab': SWAB_SAMPLING,
  'throat-swab': SWAB_SAMPLING,
  'nasal-swab': SWAB_SAMPLING,
  'buccal-epithelium': BUCCAL_SAMPLING,
};

export type AnalysisOptions = {
  groups?: string[];
  materials?: MaterialKey[];
  prep?: PrepKey | Text;
  gender?: 'male' | 'female' | null;
  /** turnaround in working days */
  days?: number;
  popularity?: number;
  /** explicit discount; when absent about one analysis in five gets 10–30 % */
  discount?: number | null;
  desc?: Text;
  slug?: string;
  additional?: string[];
};

export type Defaults = Required<Pick<AnalysisOptions, 'groups' | 'materials' | 'prep'>> &
  Pick<AnalysisOptions, 'days' | 'desc' | 'gender'>;

const DISCOUNTS = [10, 15, 20, 25, 30] as const;

/** A text from its two languages. */
export const t = (uk: string, ru: string): Text => ({ uk, ru });

/** Builds one analysis (packageService false) with derived defaults. */
export function analysis(
  code: string,
  uk: string,
  ru: string,
  price: number,
  o: AnalysisOptions & Defaults,
): SeedService {
  const h = hash(code);
  const materials = o.materials;
  const first = materials[0];
  const draw = first ? DRAW_BY_MATERIAL[first] : undefined;
  // some prices end in .50, as in a real price list
  const basePrice = h % 8 === 3 && price >= 150 ? price + 0.5 : price;
  const prep: PrepKey | Text = o.prep;
  const discountPercent = o.discount !== undefined ? o.discount : h % 100 < 20 ? pick(DISCOUNTS, h >>> 8) : null;
  return {
    code,
    slug: o.slug ?? slugify(uk),
    title: { uk, ru },
    description: o.desc ?? {
      uk: `Лабораторне дослідження «${uk}». Результат оцінює лікар з урахуванням клінічної картини.`,
      ru: `Лабораторное исследование «${ru}». Результат оценивает врач с учётом клинической картины.`,
    },
    packageService: false,
    groupSlugs: o.groups,
    materialKeys: materials,
    preparation: typeof prep === 'string' ? PREP[prep] : prep,
    fastingHours: typeof prep === 'string' ? (FASTING[prep]?.hours ?? null) : null,
    fastingRuleOnly: typeof prep === 'string' ? (FASTING[prep]?.ruleOnly ?? false) : false,
    gender: o.gender ?? null,
    turnaroundDays: o.days ?? 1,
    basePrice,
    discountPercent,
    includes: [],
    additional: o.additional ?? (draw ? [draw] : []),
    popularity: o.popularity ?? (h >>> 4) % 15,
  };
}

/**
 * A family of analyses sharing group, material and preparation:
 * `const liver = family({ groups: ['liver-tests'], materials: ['serum'], prep: 'fasting' })`.
 */
export function family(defaults: AnalysisOptions & Defaults) {
  return (code: string, uk: string, ru: string, price: number, o: AnalysisOptions = {}): SeedService =>
    analysis(code, uk, ru, price, { ...defaults, ...o });
}
