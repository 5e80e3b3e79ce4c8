import type { SeedData, SeedService, Text } from '../types';
import { mulberry32, pick, round } from './util';

type Variant = { title: Text; slug: string; priceFactor: number; days?: number };

/** Real-world ways one test is sold in several forms (urgent, for a commission, with a consultation …). */
const VARIANTS: readonly Variant[] = [
  { title: { uk: 'терміново, CITO', ru: 'срочно, CITO' }, slug: 'cito', priceFactor: 1.5, days: 1 },
  { title: { uk: 'контроль терапії', ru: 'контроль терапии' }, slug: 'kontrol-terapii', priceFactor: 1 },
  {
    title: { uk: 'повторне дослідження', ru: 'повторное исследование' },
    slug: 'povtorne-doslidzhennia',
    priceFactor: 0.9,
  },
  {
    title: { uk: 'для корпоративних клієнтів', ru: 'для корпоративных клиентов' },
    slug: 'korporatyvnyi',
    priceFactor: 0.85,
  },
  {
    title: { uk: 'з консультацією лікаря', ru: 'с консультацией врача' },
    slug: 'z-konsultatsiieiu-likaria',
    priceFactor: 1.6,
  },
  {
    title: { uk: 'для медичної комісії', ru: 'для медицинской комиссии' },
    slug: 'dlia-medychnoi-komisii',
    priceFactor: 1,
  },
  {
    title: { uk: 'з архівуванням зразка', ru: 'с архивированием образца' },
    slug: 'z-arkhivuvanniam-zrazka',
    priceFactor: 1.3,
  },
  { title: { uk: 'виїзне взяття', ru: 'выездное взятие' }, slug: 'vyizne-vziattia', priceFactor: 1.2 },
];

const DISCOUNTS = [10, 15, 20, 25, 30] as const;

/**
 * `count` extra analyses for the benchmark option `--scale N`: variants of the existing analyses
 * (urgent, repeat, for a medical commission …), spread over the existing groups in turn.
 * Deterministic, and the first k of `syntheticServices(n)` equal `syntheticServices(k)`.
 * Codes are 'S000001'…; slugs end with the code, so neither clashes with the seed.
 */
export function syntheticServices(count: number, existing: SeedData): SeedService[] {
  const groupSlugs = new Set(existing.groups.filter((g) => g.tree === 'services').map((g) => g.slug));
  const bases = existing.services.filter(
    (s) =>
      !s.packageService &&
      s.materialKeys.length > 0 &&
      s.groupSlugs.some((g) => groupSlugs.has(g) && g !== 'procedures'),
  );
  if (bases.length === 0 && count > 0) throw new Error('syntheticServices: no analyses to derive from');
  const codes = new Set(existing.services.map((s) => s.code));
  const slugs = new Set(existing.services.map((s) => s.slug));
  const rand = mulberry32(0x5eed_1ab);

  const out: SeedService[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(bases, i);
    const variantIndex = Math.floor(i / bases.length);
    const variant = pick(VARIANTS, variantIndex);
    const cycle = Math.floor(variantIndex / VARIANTS.length);
    const suffix = cycle > 0 ? ` №${cycle + 1}` : '';
    const code = `S${String(i + 1).padStart(6, '0')}`;
    const slug = `${base.slug}-${variant.slug}-${code.toLowerCase()}`;
    if (codes.has(code) || slugs.has(slug)) throw new Error(`syntheticServices: ${code} / ${slug} already exists`);

    const r1 = rand();
    const r2 = rand();
    const r3 = rand();
    const price = Math.max(50, Math.round((base.basePrice * variant.priceFactor * (0.95 + r1 * 0.1)) / 5) * 5);
    out.push({
      code,
      slug,
      title: {
        uk: `${base.title.uk} (${variant.title.uk})${suffix}`,
        ru: `${base.title.ru} (${variant.title.ru})${suffix}`,
      },
      description: {
        uk: `${base.description.uk} Варіант послуги: ${variant.title.uk}.`,
        ru: `${base.description.ru} Вариант услуги: ${variant.title.ru}.`,
      },
      packageService: false,
      groupSlugs: base.groupSlugs.filter((g) => groupSlugs.has(g)),
      materialKeys: [...base.materialKeys],
      preparation: base.preparation,
      fastingHours: base.fastingHours,
      fastingRuleOnly: base.fastingRuleOnly,
      gender: base.gender,
      turnaroundDays: variant.days ?? base.turnaroundDays,
      basePrice: round(price),
      discountPercent: r2 < 0.2 ? pick(DISCOUNTS, Math.floor(r3 * DISCOUNTS.length)) : null,
      includes: [],
      additional: [...base.additional],
      popularity: Math.floor(r3 * 15),
    });
  }
  return out;
}
