/**
 * What a lab analysis measures, for the development clock's result writer and the demo seed: the
 * indicators (analytes) of the common analyses with units and adult reference ranges, chosen by the
 * analysis title; any other analysis gets one qualitative or descriptive line. Values are plausible,
 * deterministic for a registry, and now and then out of range.
 */
import type { Text } from '../seed/types';

export interface AnalyteDefinition {
  readonly code: string;
  readonly title: Text;
  readonly unit: string | null;
  /** [low, high]; sex-specific when the two differ. */
  readonly range?: { readonly male: readonly [number, number]; readonly female: readonly [number, number] };
  readonly decimals?: number;
  readonly qualitative?: boolean;
}

const same = (low: number, high: number) => ({ male: [low, high] as const, female: [low, high] as const });
const bySex = (male: readonly [number, number], female: readonly [number, number]) => ({ male, female });

export const ANALYTES: Readonly<Record<string, AnalyteDefinition>> = {
  HGB: {
    code: 'HGB',
    title: { uk: 'Гемоглобін', ru: 'Гемоглобин' },
    unit: 'г/л',
    range: bySex([130, 170], [120, 150]),
  },
  RBC: {
    code: 'RBC',
    title: { uk: 'Еритроцити', ru: 'Эритроциты' },
    unit: '×10¹²/л',
    range: bySex([4.3, 5.7], [3.8, 5.1]),
    decimals: 2,
  },
  WBC: { code: 'WBC', title: { uk: 'Лейкоцити', ru: 'Лейкоциты' }, unit: '×10⁹/л', range: same(4, 9), decimals: 1 },
  PLT: { code: 'PLT', title: { uk: 'Тромбоцити', ru: 'Тромбоциты' }, unit: '×10⁹/л', range: same(150, 400) },
  HCT: {
    code: 'HCT',
    title: { uk: 'Гематокрит', ru: 'Гематокрит' },
    unit: '%',
    range: bySex([39, 49], [35, 45]),
    decimals: 1,
  },
  ESR: { code: 'ESR', title: { uk: 'ШОЕ', ru: 'СОЭ' }, unit: 'мм/год', range: bySex([2, 15], [2, 20]) },
  GLU: { code: 'GLU', title: { uk: 'Глюкоза', ru: 'Глюкоза' }, unit: 'ммоль/л', range: same(3.9, 5.8), decimals: 1 },
  HBA1C: {
    code: 'HBA1C',
    title: { uk: 'Глікований гемоглобін (HbA1c)', ru: 'Гликированный гемоглобин (HbA1c)' },
    unit: '%',
    range: same(4, 6),
    decimals: 1,
  },
  INS: { code: 'INS', title: { uk: 'Інсулін', ru: 'Инсулин' }, unit: 'мкОд/мл', range: same(2.6, 24.9), decimals: 1 },
  CHOL: {
    code: 'CHOL',
    title: { uk: 'Холестерин загальний', ru: 'Холестерин общий' },
    unit: 'ммоль/л',
    range: same(3, 5.2),
    decimals: 2,
  },
  HDL: {
    code: 'HDL',
    title: { uk: 'Холестерин ЛПВЩ', ru: 'Холестерин ЛПВП' },
    unit: 'ммоль/л',
    range: bySex([1, 2.2], [1.2, 2.4]),
    decimals: 2,
  },
  LDL: {
    code: 'LDL',
    title: { uk: 'Холестерин ЛПНЩ', ru: 'Холестерин ЛПНП' },
    unit: 'ммоль/л',
    range: same(0, 3),
    decimals: 2,
  },
  TG: {
    code: 'TG',
    title: { uk: 'Тригліцериди', ru: 'Триглицериды' },
    unit: 'ммоль/л',
    range: same(0, 1.7),
    decimals: 2,
  },
  ALT: { code: 'ALT', title: { uk: 'АЛТ', ru: 'АЛТ' }, unit: 'Од/л', range: bySex([0, 41], [0, 33]) },
  AST: { code: 'AST', title: { uk: 'АСТ', ru: 'АСТ' }, unit: 'Од/л', range: bySex([0, 40], [0, 32]) },
  TBIL: {
    code: 'TBIL',
    title: { uk: 'Білірубін загальний', ru: 'Билирубин общий' },
    unit: 'мкмоль/л',
    range: same(3.4, 20.5),
    decimals: 1,
  },
  DBIL: {
    code: 'DBIL',
    title: { uk: 'Білірубін прямий', ru: 'Билирубин прямой' },
    unit: 'мкмоль/л',
    range: same(0, 5.1),
    decimals: 1,
  },
  GGT: { code: 'GGT', title: { uk: 'ГГТ', ru: 'ГГТ' }, unit: 'Од/л', range: bySex([10, 71], [6, 42]) },
  ALP: { code: 'ALP', title: { uk: 'Лужна фосфатаза', ru: 'Щелочная фосфатаза' }, unit: 'Од/л', range: same(40, 130) },
  CREA: {
    code: 'CREA',
    title: { uk: 'Креатинін', ru: 'Креатинин' },
    unit: 'мкмоль/л',
    range: bySex([62, 106], [44, 80]),
  },
  UREA: {
    code: 'UREA',
    title: { uk: 'Сечовина', ru: 'Мочевина' },
    unit: 'ммоль/л',
    range: same(2.8, 7.2),
    decimals: 1,
  },
  URIC: {
    code: 'URIC',
    title: { uk: 'Сечова кислота', ru: 'Мочевая кислота' },
    unit: 'мкмоль/л',
    range: bySex([202, 416], [142, 339]),
  },
  K: { code: 'K', title: { uk: 'Калій', ru: 'Калий' }, unit: 'ммоль/л', range: same(3.5, 5.1), decimals: 1 },
  NA: { code: 'NA', title: { uk: 'Натрій', ru: 'Натрий' }, unit: 'ммоль/л', range: same(136, 145) },
  CL: { code: 'CL', title: { uk: 'Хлор', ru: 'Хлор' }, unit: 'ммоль/л', range: same(98, 107) },
  FE: {
    code: 'FE',
    title: { uk: 'Залізо сироваткове', ru: 'Железо сывороточное' },
    unit: 'мкмоль/л',
    range: bySex([12.5, 32.2], [10.7, 32.2]),
    decimals: 1,
  },
  FERR: { code: 'FERR', title: { uk: 'Феритин', ru: 'Ферритин' }, unit: 'мкг/л', range: bySex([30, 400], [13, 150]) },
  TSH: { code: 'TSH', title: { uk: 'ТТГ', ru: 'ТТГ' }, unit: 'мМО/л', range: same(0.4, 4), decimals: 2 },
  FT4: {
    code: 'FT4',
    title: { uk: 'Вільний Т4', ru: 'Свободный Т4' },
    unit: 'пмоль/л',
    range: same(12, 22),
    decimals: 1,
  },
  FT3: {
    code: 'FT3',
    title: { uk: 'Вільний Т3', ru: 'Свободный Т3' },
    unit: 'пмоль/л',
    range: same(3.1, 6.8),
    decimals: 1,
  },
  CRP: {
    code: 'CRP',
    title: { uk: 'С-реактивний білок', ru: 'С-реактивный белок' },
    unit: 'мг/л',
    range: same(0, 5),
    decimals: 1,
  },
  PSA: { code: 'PSA', title: { uk: 'ПСА загальний', ru: 'ПСА общий' }, unit: 'нг/мл', range: same(0, 4), decimals: 2 },
  VITD: {
    code: 'VITD',
    title: { uk: 'Вітамін D (25-OH)', ru: 'Витамин D (25-OH)' },
    unit: 'нг/мл',
    range: same(30, 100),
    decimals: 1,
  },
  B12: { code: 'B12', title: { uk: 'Вітамін B12', ru: 'Витамин B12' }, unit: 'пг/мл', range: same(197, 771) },
};

/** Analyses by their (Ukrainian) title: the first rule that matches decides. */
const RULES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^Загальний аналіз крові.*ШОЕ/, ['HGB', 'RBC', 'HCT', 'WBC', 'PLT', 'ESR']],
  [/^Загальний аналіз крові/, ['HGB', 'RBC', 'HCT', 'WBC', 'PLT']],
  [/^Швидкість осідання еритроцитів/, ['ESR']],
  [/^Гемоглобін$/, ['HGB']],
  [/^Кількість тромбоцитів/, ['PLT']],
  [/Глікований гемоглобін/, ['HBA1C']],
  [/HOMA-IR/, ['GLU', 'INS']],
  [/^Глюкоза/, ['GLU']],
  [/^Інсулін$/, ['INS']],
  [/^Ліпідний профіль/, ['CHOL', 'HDL', 'LDL', 'TG']],
  [/^Холестерин загальний/, ['CHOL']],
  [/\(ЛПВЩ\)/, ['HDL']],
  [/\(ЛПНЩ\)/, ['LDL']],
  [/^Тригліцериди/, ['TG']],
  [/^Печінкові проби/, ['ALT', 'AST', 'TBIL', 'DBIL', 'GGT', 'ALP']],
  [/\(АЛТ\)/, ['ALT']],
  [/\(АСТ\)/, ['AST']],
  [/^Білірубін загальний та фракції/, ['TBIL', 'DBIL']],
  [/^Білірубін загальний/, ['TBIL']],
  [/^Білірубін прямий/, ['DBIL']],
  [/\(ГГТ\)/, ['GGT']],
  [/^Лужна фосфатаза/, ['ALP']],
  [/^Нирковий профіль/, ['CREA', 'UREA', 'URIC']],
  [/^Креатинін/, ['CREA']],
  [/^Сечовина$/, ['UREA']],
  [/^Сечова кислота$/, ['URIC']],
  [/^Електроліти/, ['K', 'NA', 'CL']],
  [/^Калій$/, ['K']],
  [/^Натрій$/, ['NA']],
  [/^Хлор$/, ['CL']],
  [/^Обмін заліза/, ['FE', 'FERR']],
  [/^Феритин/, ['FERR']],
  [/^Залізо сироваткове/, ['FE']],
  [/\(ТТГ\)$/, ['TSH']],
  [/^Тироксин вільний/, ['FT4']],
  [/^Трийодтиронін вільний/, ['FT3']],
  [/^С-реактивний білок \(СРБ\)/, ['CRP']],
  [/^ПСА загальний/, ['PSA']],
  [/^Вітамін D \(25-OH\)/, ['VITD']],
  [/^Вітамін B12/, ['B12']],
];

const QUALITATIVE = /антитіл|антиген|IgG|IgM|IgA|ДНК|РНК|ПЛР|виявлення|Посів|HBsAg|ВІЛ|вірус|Helicobacter|паразит/i;

/** A one-line analyte standing for a whole analysis without a known panel. */
export function serviceAnalyte(service: { code: string; title: Text }): AnalyteDefinition {
  return {
    code: `S-${service.code}`,
    title: service.title,
    unit: null,
    qualitative: QUALITATIVE.test(service.title.uk),
  };
}

/** The indicators an analysis reports. Sample-taking procedures report none. */
export function analytesOf(service: { code: string; title: Text }): AnalyteDefinition[] {
  if (/^Взяття /.test(service.title.uk)) return [];
  for (const [pattern, codes] of RULES) {
    if (pattern.test(service.title.uk)) {
      return codes.map((code) => ANALYTES[code]).filter((a): a is AnalyteDefinition => a !== undefined);
    }
  }
  return [serviceAnalyte(service)];
}

/** A small deterministic generator (mulberry32) from a text seed. */
export function randomFrom(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedResult {
  readonly analyte: AnalyteDefinition;
  readonly result: string;
  readonly value: number | null;
  readonly unit: string | null;
  readonly referenceValues: string | null;
  /** The numeric range behind `referenceValues` (an open bound is null), for FHIR. */
  readonly referenceRange: { readonly low: number | null; readonly high: number | null } | null;
  readonly found: boolean | null;
  readonly outOfRange: 'low' | 'high' | null;
  readonly note: Text | null;
}

function formatNumber(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

function referenceText([low, high]: readonly [number, number], decimals: number): string {
  return low === 0
    ? `< ${formatNumber(high, decimals)}`
    : `${formatNumber(low, decimals)} – ${formatNumber(high, decimals)}`;
}

/**
 * One plausible result. `seed` makes it repeatable (registry + analyte); `outOfRangeShare` of numeric
 * results fall outside the range; `bias` (-1..1) shifts a value within/over its range (the demo's trends).
 */
export function generateResult(
  analyte: AnalyteDefinition,
  sex: 'male' | 'female' | null,
  seed: string,
  options: { outOfRangeShare?: number; bias?: number } = {},
): GeneratedResult {
  const random = randomFrom(seed);
  if (analyte.qualitative) {
    // a bias of ±1 decides it (the demo's found row), as it pushes a value out of range
    const bias = options.bias ?? 0;
    const found = bias >= 0.95 ? true : bias <= -0.95 ? false : random() < 0.08;
    return {
      analyte,
      result: found ? 'Виявлено' : 'Не виявлено',
      value: null,
      unit: null,
      referenceValues: 'Не виявлено',
      referenceRange: null,
      found,
      outOfRange: null,
      note: found ? { uk: 'Рекомендовано консультацію лікаря', ru: 'Рекомендована консультация врача' } : null,
    };
  }
  if (!analyte.range) {
    return {
      analyte,
      result: 'У межах референтних значень',
      value: null,
      unit: null,
      referenceValues: null,
      referenceRange: null,
      found: null,
      outOfRange: null,
      note: null,
    };
  }
  const decimals = analyte.decimals ?? 0;
  const [low, high] = analyte.range[sex ?? 'female'];
  const share = options.outOfRangeShare ?? 0.15;
  const roll = random();
  const bias = Math.max(-1, Math.min(1, options.bias ?? 0));
  let outOfRange: 'low' | 'high' | null = null;
  if (bias >= 0.95) outOfRange = 'high';
  else if (bias <= -0.95) outOfRange = low === 0 ? null : 'low';
  else if (roll < share) outOfRange = low === 0 || random() < 0.6 ? 'high' : 'low';
  let value: number;
  if (outOfRange === 'high') value = high * (1.08 + random() * 0.3);
  else if (outOfRange === 'low') value = low * (0.65 + random() * 0.25);
  else value = low + (high - low) * Math.max(0.05, Math.min(0.95, 0.5 + bias * 0.4 + (random() - 0.5) * 0.5));
  const rounded = Number(formatNumber(value, decimals));
  // rounding can land exactly on a bound: then it is in range
  if (outOfRange === 'high' && rounded <= high) outOfRange = null;
  if (outOfRange === 'low' && rounded >= low) outOfRange = null;
  return {
    analyte,
    result: formatNumber(rounded, decimals),
    value: rounded,
    unit: analyte.unit,
    referenceValues: referenceText([low, high], decimals),
    referenceRange: { low: low === 0 ? null : low, high },
    found: null,
    outOfRange,
    // the out-of-range flag says "above / below the reference values" itself: a note restating it
    // was shown twice on every such row
    note: null,
  };
}
