import type { SeedService, Text } from '../../types';
import type { MaterialKey } from '../materials';
import { type AnalysisOptions, family, t } from './helpers';

const serology = family({ groups: ['infections'], materials: ['serum'], prep: 'serology' });

type Klass = 'IgG' | 'IgM' | 'IgA' | 'avidity';

const KLASS_DESC: Record<Klass, Text> = {
  IgG: t(
    'Антитіла класу IgG свідчать про перенесену інфекцію або сформований імунітет.',
    'Антитела класса IgG свидетельствуют о перенесённой инфекции или сформированном иммунитете.',
  ),
  IgM: t(
    'Антитіла класу IgM — маркер гострої або нещодавньої інфекції.',
    'Антитела класса IgM — маркер острой или недавней инфекции.',
  ),
  IgA: t(
    'Антитіла класу IgA — маркер активної або хронічної інфекції.',
    'Антитела класса IgA — маркер активной или хронической инфекции.',
  ),
  avidity: t(
    'Дозволяє відрізнити нещодавнє інфікування (до 3–4 місяців) від давнього.',
    'Позволяет отличить недавнее инфицирование (до 3–4 месяцев) от давнего.',
  ),
};

/**
 * Antibody tests for one infectious agent, one per class:
 * [first code, 'до токсоплазми (Toxoplasma gondii)', 'к токсоплазме (Toxoplasma gondii)', groups, [class, price]…].
 */
type AntibodyRow = readonly [
  code: number,
  uk: string,
  ru: string,
  groups: string[],
  tests: ReadonlyArray<readonly [Klass, number]>,
  options?: AnalysisOptions,
];

const ANTIBODIES: readonly AntibodyRow[] = [
  [
    4001,
    'до токсоплазми (Toxoplasma gondii)',
    'к токсоплазме (Toxoplasma gondii)',
    ['torch-infections'],
    [
      ['IgG', 230],
      ['IgM', 250],
      ['avidity', 420],
    ],
  ],
  [
    4004,
    'до вірусу краснухи (Rubella virus)',
    'к вирусу краснухи (Rubella virus)',
    ['torch-infections'],
    [
      ['IgG', 230],
      ['IgM', 250],
      ['avidity', 420],
    ],
  ],
  [
    4007,
    'до цитомегаловірусу (CMV)',
    'к цитомегаловирусу (CMV)',
    ['torch-infections', 'herpes-viruses'],
    [
      ['IgG', 230],
      ['IgM', 250],
      ['avidity', 420],
    ],
  ],
  [
    4010,
    'до вірусу простого герпесу 1 і 2 типів (HSV-1/2)',
    'к вирусу простого герпеса 1 и 2 типов (HSV-1/2)',
    ['torch-infections', 'herpes-viruses'],
    [
      ['IgG', 230],
      ['IgM', 250],
    ],
  ],
  [
    4012,
    'до вірусу простого герпесу 2 типу (HSV-2)',
    'к вирусу простого герпеса 2 типа (HSV-2)',
    ['herpes-viruses'],
    [['IgG', 260]],
  ],
  [
    4017,
    'до вірусу вітряної віспи (Varicella zoster virus)',
    'к вирусу ветряной оспы (Varicella zoster virus)',
    ['herpes-viruses'],
    [
      ['IgG', 290],
      ['IgM', 290],
    ],
  ],
  [
    4019,
    'до вірусу герпесу людини 6 типу (HHV-6)',
    'к вирусу герпеса человека 6 типа (HHV-6)',
    ['herpes-viruses'],
    [['IgG', 320]],
    { days: 3 },
  ],
  [
    4020,
    'до вірусу кору (Measles virus)',
    'к вирусу кори (Measles virus)',
    [],
    [
      ['IgG', 290],
      ['IgM', 320],
    ],
    { days: 2 },
  ],
  [
    4022,
    'до вірусу епідемічного паротиту (Mumps virus)',
    'к вирусу эпидемического паротита (Mumps virus)',
    [],
    [['IgG', 290]],
    { days: 2 },
  ],
  [
    4023,
    'до Helicobacter pylori',
    'к Helicobacter pylori',
    ['bacterial-infections'],
    [
      ['IgG', 240],
      ['IgA', 260],
    ],
  ],
  [
    4025,
    'до Chlamydia trachomatis',
    'к Chlamydia trachomatis',
    ['bacterial-infections'],
    [
      ['IgG', 240],
      ['IgA', 260],
    ],
  ],
  [4027, 'до Mycoplasma hominis', 'к Mycoplasma hominis', ['bacterial-infections'], [['IgG', 240]]],
  [4028, 'до Ureaplasma urealyticum', 'к Ureaplasma urealyticum', ['bacterial-infections'], [['IgG', 240]]],
  [
    4029,
    'до Mycoplasma pneumoniae',
    'к Mycoplasma pneumoniae',
    ['respiratory-infections'],
    [
      ['IgG', 260],
      ['IgM', 280],
    ],
  ],
  [
    4031,
    'до Chlamydophila pneumoniae',
    'к Chlamydophila pneumoniae',
    ['respiratory-infections'],
    [
      ['IgG', 260],
      ['IgM', 280],
    ],
  ],
  [
    4033,
    'до борелій (Borrelia burgdorferi sensu lato)',
    'к боррелиям (Borrelia burgdorferi sensu lato)',
    ['bacterial-infections'],
    [
      ['IgG', 360],
      ['IgM', 360],
    ],
    { days: 2 },
  ],
  [
    4035,
    'до збудника кашлюку (Bordetella pertussis)',
    'к возбудителю коклюша (Bordetella pertussis)',
    ['respiratory-infections'],
    [
      ['IgG', 340],
      ['IgA', 360],
    ],
    { days: 3 },
  ],
  [4037, 'до правцевого анатоксину', 'к столбнячному анатоксину', [], [['IgG', 380]], { days: 3 }],
  [4038, 'до дифтерійного анатоксину', 'к дифтерийному анатоксину', [], [['IgG', 380]], { days: 3 }],
  [
    4039,
    'до токсокар (Toxocara canis)',
    'к токсокарам (Toxocara canis)',
    ['parasitic-infections'],
    [['IgG', 260]],
    { days: 2 },
  ],
  [
    4040,
    'до аскарид (Ascaris lumbricoides)',
    'к аскаридам (Ascaris lumbricoides)',
    ['parasitic-infections'],
    [['IgG', 260]],
    { days: 2 },
  ],
  [
    4041,
    'до опісторхісів (Opisthorchis felineus)',
    'к описторхисам (Opisthorchis felineus)',
    ['parasitic-infections'],
    [['IgG', 260]],
    { days: 2 },
  ],
  [
    4042,
    'до ехінокока (Echinococcus granulosus)',
    'к эхинококку (Echinococcus granulosus)',
    ['parasitic-infections'],
    [['IgG', 290]],
    { days: 2 },
  ],
  [
    4043,
    'до трихінел (Trichinella spiralis)',
    'к трихинеллам (Trichinella spiralis)',
    ['parasitic-infections'],
    [['IgG', 290]],
    { days: 2 },
  ],
  [
    4046,
    'до вірусу гепатиту A (анти-HAV)',
    'к вирусу гепатита A (анти-HAV)',
    ['viral-hepatitis'],
    [
      ['IgG', 260],
      ['IgM', 260],
    ],
  ],
  [
    4048,
    'до вірусу гепатиту E (анти-HEV)',
    'к вирусу гепатита E (анти-HEV)',
    ['viral-hepatitis'],
    [
      ['IgG', 420],
      ['IgM', 420],
    ],
    { days: 3 },
  ],
];

const POPULAR_ANTIBODIES: Record<string, number> = { '4001': 35, '4004': 33, '4007': 36, '4023': 45, '4010': 30 };

function antibodyTests(): SeedService[] {
  const out: SeedService[] = [];
  for (const [first, uk, ru, groups, tests, options] of ANTIBODIES) {
    tests.forEach(([klass, price], i) => {
      const code = String(first + i);
      const titleUk = klass === 'avidity' ? `Авідність антитіл IgG ${uk}` : `Антитіла ${klass} ${uk}`;
      const titleRu = klass === 'avidity' ? `Авидность антител IgG ${ru}` : `Антитела ${klass} ${ru}`;
      out.push(
        serology(code, titleUk, titleRu, price, {
          groups: ['infections', ...groups],
          days: klass === 'avidity' ? 3 : 1,
          desc: KLASS_DESC[klass],
          ...(POPULAR_ANTIBODIES[code] !== undefined ? { popularity: POPULAR_ANTIBODIES[code] } : {}),
          ...options,
        }),
      );
    });
  }
  return out;
}

const covid = family({ groups: ['infections', 'respiratory-infections'], materials: ['serum'], prep: 'serology' });
const hepatitis = family({ groups: ['infections', 'viral-hepatitis'], materials: ['serum'], prep: 'serology' });
const hivSyphilis = family({ groups: ['infections', 'hiv-syphilis'], materials: ['serum'], prep: 'serology' });

const pcrDesc = (uk: string, ru: string): Text =>
  t(
    `Виявлення генетичного матеріалу ${uk} методом полімеразної ланцюгової реакції в реальному часі.`,
    `Выявление генетического материала ${ru} методом полимеразной цепной реакции в реальном времени.`,
  );

const UROGENITAL: MaterialKey[] = ['urethral-swab', 'cervical-swab', 'vaginal-swab', 'urine'];
const sti = family({ groups: ['infections', 'sti-pcr'], materials: UROGENITAL, prep: 'pcrUrogenital' });

/** [code, pathogen (Latin, as written on the request form), price, options] */
const STI_PCR: ReadonlyArray<readonly [string, string, number, AnalysisOptions?]> = [
  ['4301', 'Chlamydia trachomatis', 240, { popularity: 44 }],
  ['4302', 'Mycoplasma genitalium', 240, { popularity: 38 }],
  ['4303', 'Mycoplasma hominis', 240, { popularity: 34 }],
  ['4304', 'Ureaplasma urealyticum', 240, { popularity: 34 }],
  ['4305', 'Ureaplasma parvum', 240],
  ['4306', 'Trichomonas vaginalis', 240, { popularity: 36 }],
  ['4307', 'Neisseria gonorrhoeae', 240, { popularity: 36 }],
  ['4308', 'Gardnerella vaginalis', 240],
  ['4309', 'Candida albicans', 240, { popularity: 30 }],
  ['4312', 'Treponema pallidum', 290, { groups: ['infections', 'sti-pcr', 'hiv-syphilis'] }],
  ['4313', 'Atopobium vaginae', 260, { gender: 'female', materials: ['vaginal-swab'] }],
];

const respiratory = family({
  groups: ['infections', 'respiratory-infections'],
  materials: ['nasopharyngeal-swab'],
  prep: 'nasopharyngeal',
});
const bloodPcr = family({
  groups: ['infections', 'herpes-viruses'],
  materials: ['plasma-edta'],
  prep: 'blood',
  days: 3,
});
const stool = family({
  groups: ['infections', 'parasitic-infections', 'stool-tests'],
  materials: ['stool'],
  prep: 'stool',
});
const culture = family({ groups: ['infections', 'microbiology'], materials: ['urine'], prep: 'urineCulture', days: 5 });
const CULTURE_DESC = t(
  'Виділення збудника, його ідентифікація та визначення чутливості до антибіотиків.',
  'Выделение возбудителя, его идентификация и определение чувствительности к антибиотикам.',
);

export const infections: SeedService[] = [
  ...antibodyTests(),
  ...(
    [
      ['4013', 'IgM', 'капсидного', 'капсидному', 'EBV VCA IgM', 260, 40],
      ['4014', 'IgG', 'капсидного', 'капсидному', 'EBV VCA IgG', 260, 34],
      ['4015', 'IgG', 'ядерного', 'ядерному', 'EBNA IgG', 260, 30],
      ['4016', 'IgG', 'раннього', 'раннему', 'EA IgG', 280, 12],
    ] as const
  ).map(([code, klass, uk, ru, short, price, popularity]) =>
    serology(
      code,
      `Антитіла ${klass} до ${uk} антигену вірусу Епштейна–Барр (${short})`,
      `Антитела ${klass} к ${ru} антигену вируса Эпштейна–Барр (${short})`,
      price,
      { groups: ['infections', 'herpes-viruses'], popularity, desc: KLASS_DESC[klass] },
    ),
  ),
  serology(
    '4044',
    'Антитіла сумарні до лямблій (Giardia lamblia)',
    'Антитела суммарные к лямблиям (Giardia lamblia)',
    240,
    {
      groups: ['infections', 'parasitic-infections'],
      desc: t('Серологічна діагностика лямбліозу.', 'Серологическая диагностика лямблиоза.'),
    },
  ),

  covid(
    '4050',
    'Антитіла до SARS-CoV-2 IgG (до S-білка), кількісно',
    'Антитела к SARS-CoV-2 IgG (к S-белку), количественно',
    420,
    {
      popularity: 25,
      desc: t(
        'Рівень захисних антитіл після хвороби або вакцинації.',
        'Уровень защитных антител после болезни или вакцинации.',
      ),
    },
  ),
  covid('4051', 'Антитіла до SARS-CoV-2 IgM', 'Антитела к SARS-CoV-2 IgM', 380, {
    desc: t('Маркер нещодавньої інфекції COVID-19.', 'Маркер недавней инфекции COVID-19.'),
  }),
  covid(
    '4052',
    'Антитіла до SARS-CoV-2 IgG (до нуклеокапсидного білка)',
    'Антитела к SARS-CoV-2 IgG (к нуклеокапсидному белку)',
    380,
    {
      desc: t(
        'Перенесена інфекція COVID-19 (не залежить від вакцинації).',
        'Перенесённая инфекция COVID-19 (не зависит от вакцинации).',
      ),
    },
  ),

  hepatitis(
    '4101',
    'HBsAg (поверхневий антиген вірусу гепатиту B)',
    'HBsAg (поверхностный антиген вируса гепатита B)',
    180,
    {
      popularity: 56,
      desc: t('Скринінг гепатиту B.', 'Скрининг гепатита B.'),
    },
  ),
  hepatitis('4102', 'HBsAg, кількісне визначення', 'HBsAg, количественное определение', 390, {
    days: 2,
    desc: t('Контроль перебігу та лікування гепатиту B.', 'Контроль течения и лечения гепатита B.'),
  }),
  hepatitis('4103', 'Антитіла до HBsAg (анти-HBs), кількісно', 'Антитела к HBsAg (анти-HBs), количественно', 250, {
    popularity: 32,
    desc: t('Оцінка імунітету після вакцинації від гепатиту B.', 'Оценка иммунитета после вакцинации от гепатита B.'),
  }),
  hepatitis('4104', 'Антитіла до HBcAg сумарні (анти-HBc)', 'Антитела к HBcAg суммарные (анти-HBc)', 230, {
    desc: t('Маркер контакту з вірусом гепатиту B.', 'Маркер контакта с вирусом гепатита B.'),
  }),
  hepatitis('4105', 'Антитіла IgM до HBcAg (анти-HBc IgM)', 'Антитела IgM к HBcAg (анти-HBc IgM)', 260, {
    desc: t('Маркер гострого гепатиту B.', 'Маркер острого гепатита B.'),
  }),
  hepatitis('4106', 'HBeAg (антиген e вірусу гепатиту B)', 'HBeAg (антиген e вируса гепатита B)', 250, {
    desc: t('Маркер активної реплікації вірусу гепатиту B.', 'Маркер активной репликации вируса гепатита B.'),
  }),
  hepatitis('4107', 'Антитіла до HBeAg (анти-HBe)', 'Антитела к HBeAg (анти-HBe)', 250, {
    desc: t('Сероконверсія при гепатиті B.', 'Сероконверсия при гепатите B.'),
  }),
  hepatitis(
    '4108',
    'Антитіла до вірусу гепатиту C сумарні (анти-HCV)',
    'Антитела к вирусу гепатита C суммарные (анти-HCV)',
    220,
    {
      popularity: 52,
      desc: t('Скринінг гепатиту C.', 'Скрининг гепатита C.'),
    },
  ),
  hepatitis(
    '4111',
    'Антитіла до вірусу гепатиту D сумарні (анти-HDV)',
    'Антитела к вирусу гепатита D суммарные (анти-HDV)',
    380,
    {
      days: 3,
      desc: t('Коінфекція гепатиту D у носіїв HBsAg.', 'Коинфекция гепатита D у носителей HBsAg.'),
    },
  ),
  hepatitis(
    '4113',
    'ДНК вірусу гепатиту B, кількісне визначення (ПЛР)',
    'ДНК вируса гепатита B, количественное определение (ПЦР)',
    1250,
    {
      materials: ['plasma-edta'],
      days: 5,
      desc: pcrDesc('вірусу гепатиту B (вірусне навантаження)', 'вируса гепатита B (вирусная нагрузка)'),
    },
  ),
  hepatitis(
    '4114',
    'РНК вірусу гепатиту C, якісне визначення (ПЛР)',
    'РНК вируса гепатита C, качественное определение (ПЦР)',
    650,
    {
      materials: ['plasma-edta'],
      days: 3,
      desc: pcrDesc('вірусу гепатиту C', 'вируса гепатита C'),
    },
  ),
  hepatitis(
    '4115',
    'РНК вірусу гепатиту C, кількісне визначення (ПЛР)',
    'РНК вируса гепатита C, количественное определение (ПЦР)',
    1350,
    {
      materials: ['plasma-edta'],
      days: 5,
      desc: pcrDesc('вірусу гепатиту C (вірусне навантаження)', 'вируса гепатита C (вирусная нагрузка)'),
    },
  ),
  hepatitis('4116', 'Генотипування вірусу гепатиту C (ПЛР)', 'Генотипирование вируса гепатита C (ПЦР)', 1650, {
    materials: ['plasma-edta'],
    days: 7,
    desc: t('Визначення генотипу HCV для вибору терапії.', 'Определение генотипа HCV для выбора терапии.'),
  }),

  hivSyphilis('4201', 'ВІЛ 1/2 (антиген p24 та антитіла)', 'ВИЧ 1/2 (антиген p24 и антитела)', 220, {
    popularity: 46,
    desc: t(
      'Скринінговий тест четвертого покоління на ВІЛ-інфекцію.',
      'Скрининговый тест четвёртого поколения на ВИЧ-инфекцию.',
    ),
  }),
  hivSyphilis('4202', 'Антитіла до Treponema pallidum сумарні', 'Антитела к Treponema pallidum суммарные', 190, {
    popularity: 40,
    desc: t('Скринінг сифілісу (трепонемний тест).', 'Скрининг сифилиса (трепонемный тест).'),
  }),
  hivSyphilis(
    '4203',
    'RPR-тест (мікрореакція преципітації з кардіоліпіновим антигеном)',
    'RPR-тест (микрореакция преципитации с кардиолипиновым антигеном)',
    140,
    {
      desc: t(
        'Нетрепонемний тест для скринінгу та контролю лікування сифілісу.',
        'Нетрепонемный тест для скрининга и контроля лечения сифилиса.',
      ),
    },
  ),
  hivSyphilis(
    '4204',
    'РПГА на сифіліс (реакція пасивної гемаглютинації)',
    'РПГА на сифилис (реакция пассивной гемагглютинации)',
    220,
    {
      days: 2,
      desc: t('Підтверджувальний трепонемний тест.', 'Подтверждающий трепонемный тест.'),
    },
  ),
  hivSyphilis('4205', 'Антитіла IgM до Treponema pallidum', 'Антитела IgM к Treponema pallidum', 280, {
    days: 2,
    desc: t('Ранній та вроджений сифіліс.', 'Ранний и врождённый сифилис.'),
  }),

  ...STI_PCR.map(([code, name, price, options]) =>
    sti(code, `${name}, ДНК (ПЛР)`, `${name}, ДНК (ПЦР)`, price, { desc: pcrDesc(name, name), ...options }),
  ),
  sti(
    '4310',
    'Вірус простого герпесу 1 і 2 типів (HSV-1/2), ДНК (ПЛР)',
    'Вирус простого герпеса 1 и 2 типов (HSV-1/2), ДНК (ПЦР)',
    260,
    {
      groups: ['infections', 'sti-pcr', 'herpes-viruses'],
      desc: pcrDesc('вірусу простого герпесу', 'вируса простого герпеса'),
    },
  ),
  sti(
    '4311',
    'Цитомегаловірус (CMV), ДНК (ПЛР), урогенітальний мазок',
    'Цитомегаловирус (CMV), ДНК (ПЦР), урогенитальный мазок',
    260,
    {
      groups: ['infections', 'sti-pcr', 'herpes-viruses'],
      desc: pcrDesc('цитомегаловірусу', 'цитомегаловируса'),
    },
  ),
  sti(
    '4314',
    'Ureaplasma spp. (U. urealyticum, U. parvum), ДНК (ПЛР), кількісно',
    'Ureaplasma spp. (U. urealyticum, U. parvum), ДНК (ПЦР), количественно',
    380,
    {
      days: 2,
      desc: pcrDesc('уреаплазм з визначенням кількості', 'уреаплазм с определением количества'),
    },
  ),
  sti('4315', 'Mycoplasma hominis, ДНК (ПЛР), кількісно', 'Mycoplasma hominis, ДНК (ПЦР), количественно', 380, {
    days: 2,
    desc: pcrDesc('Mycoplasma hominis з визначенням кількості', 'Mycoplasma hominis с определением количества'),
  }),
  sti(
    '4316',
    'Вірус папіломи людини 16 і 18 типів, ДНК (ПЛР)',
    'Вирус папилломы человека 16 и 18 типов, ДНК (ПЦР)',
    390,
    {
      days: 2,
      desc: pcrDesc('найбільш онкогенних типів ВПЛ', 'наиболее онкогенных типов ВПЧ'),
    },
  ),
  sti(
    '4317',
    'Вірус папіломи людини високого канцерогенного ризику (14 типів) з генотипуванням, ДНК (ПЛР)',
    'Вирус папилломы человека высокого канцерогенного риска (14 типов) с генотипированием, ДНК (ПЦР)',
    890,
    {
      materials: ['cervical-swab', 'urethral-swab'],
      days: 3,
      popularity: 42,
      slug: 'vpl-vysokoho-kantserohennoho-ryzyku-14-typiv-henotypuvannia',
      desc: pcrDesc(
        '14 типів ВПЛ високого ризику з визначенням кожного типу',
        '14 типов ВПЧ высокого риска с определением каждого типа',
      ),
    },
  ),
  sti(
    '4318',
    'Вірус папіломи людини низького канцерогенного ризику (6, 11 типи), ДНК (ПЛР)',
    'Вирус папилломы человека низкого канцерогенного риска (6, 11 типы), ДНК (ПЦР)',
    320,
    {
      days: 2,
      desc: pcrDesc('ВПЛ 6 і 11 типів (гострокінцеві кондиломи)', 'ВПЧ 6 и 11 типов (остроконечные кондиломы)'),
    },
  ),
  sti(
    '4319',
    'Фемофлор-16 (мікробіоценоз урогенітального тракту жінок, ПЛР)',
    'Фемофлор-16 (микробиоценоз урогенитального тракта женщин, ПЦР)',
    1450,
    {
      materials: ['vaginal-swab', 'cervical-swab'],
      gender: 'female',
      days: 3,
      popularity: 37,
      desc: t(
        'Кількісна оцінка нормальної, умовно-патогенної та патогенної флори піхви.',
        'Количественная оценка нормальной, условно-патогенной и патогенной флоры влагалища.',
      ),
    },
  ),
  sti(
    '4320',
    'Андрофлор (мікробіоценоз урогенітального тракту чоловіків, ПЛР)',
    'Андрофлор (микробиоценоз урогенитального тракта мужчин, ПЦР)',
    1350,
    {
      materials: ['urethral-swab', 'ejaculate'],
      gender: 'male',
      days: 3,
      desc: t(
        'Кількісна оцінка мікрофлори урогенітального тракту чоловіків.',
        'Количественная оценка микрофлоры урогенитального тракта мужчин.',
      ),
    },
  ),
  sti(
    '4321',
    'Комплекс ПЛР на 6 ІПСШ (Chlamydia trachomatis, Mycoplasma genitalium, Mycoplasma hominis, Ureaplasma spp., Trichomonas vaginalis, Neisseria gonorrhoeae)',
    'Комплекс ПЦР на 6 ИППП (Chlamydia trachomatis, Mycoplasma genitalium, Mycoplasma hominis, Ureaplasma spp., Trichomonas vaginalis, Neisseria gonorrhoeae)',
    890,
    {
      days: 2,
      popularity: 48,
      slug: 'kompleks-plr-na-6-ipssh',
      desc: t('Основні збудники ІПСШ одним дослідженням.', 'Основные возбудители ИППП одним исследованием.'),
    },
  ),
  sti(
    '4322',
    'Мікроскопія урогенітального мазка (мазок на флору)',
    'Микроскопия урогенитального мазка (мазок на флору)',
    180,
    {
      groups: ['infections', 'microbiology'],
      popularity: 52,
      desc: t(
        'Мікроскопічна оцінка флори, лейкоцитів та епітелію; виявлення трихомонад, гонококів і грибів.',
        'Микроскопическая оценка флоры, лейкоцитов и эпителия; выявление трихомонад, гонококков и грибов.',
      ),
    },
  ),

  bloodPcr(
    '4401',
    'Вірус Епштейна–Барр (EBV), ДНК (ПЛР), кількісно, кров',
    'Вирус Эпштейна–Барр (EBV), ДНК (ПЦР), количественно, кровь',
    450,
    {
      desc: pcrDesc('вірусу Епштейна–Барр у крові', 'вируса Эпштейна–Барр в крови'),
    },
  ),
  bloodPcr(
    '4402',
    'Цитомегаловірус (CMV), ДНК (ПЛР), кількісно, кров',
    'Цитомегаловирус (CMV), ДНК (ПЦР), количественно, кровь',
    450,
    {
      desc: pcrDesc('цитомегаловірусу в крові', 'цитомегаловируса в крови'),
    },
  ),
  bloodPcr(
    '4403',
    'Вірус герпесу людини 6 типу (HHV-6), ДНК (ПЛР), кров',
    'Вирус герпеса человека 6 типа (HHV-6), ДНК (ПЦР), кровь',
    420,
    {
      desc: pcrDesc('вірусу герпесу 6 типу', 'вируса герпеса 6 типа'),
    },
  ),
  bloodPcr('4404', 'Вірус Епштейна–Барр (EBV), ДНК (ПЛР), слина', 'Вирус Эпштейна–Барр (EBV), ДНК (ПЦР), слюна', 380, {
    materials: ['saliva'],
    prep: 'buccal',
    desc: pcrDesc('вірусу Епштейна–Барр у слині', 'вируса Эпштейна–Барр в слюне'),
  }),

  respiratory('4501', 'SARS-CoV-2, РНК (ПЛР)', 'SARS-CoV-2, РНК (ПЦР)', 550, {
    popularity: 38,
    desc: pcrDesc('коронавірусу SARS-CoV-2', 'коронавируса SARS-CoV-2'),
  }),
  respiratory(
    '4502',
    'SARS-CoV-2 та віруси грипу A і B, РНК (ПЛР)',
    'SARS-CoV-2 и вирусы гриппа A и B, РНК (ПЦР)',
    850,
    {
      popularity: 30,
      desc: pcrDesc('SARS-CoV-2 та вірусів грипу одним тестом', 'SARS-CoV-2 и вирусов гриппа одним тестом'),
    },
  ),
  respiratory('4503', 'Віруси грипу A і B, РНК (ПЛР)', 'Вирусы гриппа A и B, РНК (ПЦР)', 520, {
    desc: pcrDesc('вірусів грипу A і B', 'вирусов гриппа A и B'),
  }),
  respiratory('4504', 'Експрес-тест на антиген SARS-CoV-2', 'Экспресс-тест на антиген SARS-CoV-2', 350, {
    popularity: 28,
    desc: t(
      'Швидке виявлення антигену коронавірусу, результат за 30 хвилин.',
      'Быстрое выявление антигена коронавируса, результат за 30 минут.',
    ),
  }),
  respiratory(
    '4505',
    'Експрес-тест на антигени SARS-CoV-2 та грипу A/B',
    'Экспресс-тест на антигены SARS-CoV-2 и гриппа A/B',
    420,
    {
      desc: t(
        'Швидка диференційна діагностика COVID-19 та грипу.',
        'Быстрая дифференциальная диагностика COVID-19 и гриппа.',
      ),
    },
  ),
  respiratory('4506', 'Bordetella pertussis, ДНК (ПЛР)', 'Bordetella pertussis, ДНК (ПЦР)', 380, {
    days: 2,
    desc: pcrDesc('збудника кашлюку', 'возбудителя коклюша'),
  }),
  respiratory(
    '4507',
    'Mycoplasma pneumoniae та Chlamydophila pneumoniae, ДНК (ПЛР)',
    'Mycoplasma pneumoniae и Chlamydophila pneumoniae, ДНК (ПЦР)',
    480,
    {
      days: 2,
      desc: pcrDesc('збудників атипової пневмонії', 'возбудителей атипичной пневмонии'),
    },
  ),
  respiratory(
    '4508',
    'Респіраторна панель: 12 збудників ГРВІ (ПЛР)',
    'Респираторная панель: 12 возбудителей ОРВИ (ПЦР)',
    1450,
    {
      days: 2,
      desc: t(
        'Грип, РС-вірус, метапневмовірус, риновірус, аденовірус, парагрип, коронавіруси та бокавірус.',
        'Грипп, РС-вирус, метапневмовирус, риновирус, аденовирус, парагрипп, коронавирусы и бокавирус.',
      ),
    },
  ),
  respiratory(
    '4509',
    'Стрептокок групи A, експрес-тест на антиген',
    'Стрептококк группы A, экспресс-тест на антиген',
    280,
    {
      materials: ['throat-swab'],
      prep: 'throatSwab',
      desc: t('Швидка діагностика стрептококового тонзиліту.', 'Быстрая диагностика стрептококкового тонзиллита.'),
    },
  ),

  stool('4601', 'Кал на яйця гельмінтів та цисти найпростіших', 'Кал на яйца гельминтов и цисты простейших', 120, {
    popularity: 42,
    desc: t(
      'Мікроскопічне виявлення гельмінтів і найпростіших.',
      'Микроскопическое выявление гельминтов и простейших.',
    ),
  }),
  stool('4602', 'Антиген лямблій (Giardia lamblia) у калі', 'Антиген лямблий (Giardia lamblia) в кале', 290, {
    desc: t('Діагностика лямбліозу.', 'Диагностика лямблиоза.'),
  }),
  stool('4603', 'Зішкріб на ентеробіоз', 'Соскоб на энтеробиоз', 100, {
    materials: ['perianal-scraping'],
    prep: 'perianal',
    popularity: 30,
    desc: t(
      'Виявлення яєць гострика; потрібен для дитячого садка та басейну.',
      'Выявление яиц остриц; нужен для детского сада и бассейна.',
    ),
  }),
  stool(
    '4604',
    'Кал на яйця гельмінтів методом концентрації (Parasep)',
    'Кал на яйца гельминтов методом концентрации (Parasep)',
    220,
    {
      days: 2,
      desc: t('Підвищена чутливість виявлення гельмінтів.', 'Повышенная чувствительность выявления гельминтов.'),
    },
  ),
  stool('4701', 'Антиген Helicobacter pylori у калі', 'Антиген Helicobacter pylori в кале', 420, {
    groups: ['infections', 'bacterial-infections', 'stool-tests'],
    popularity: 35,
    desc: t('Активна інфекція H. pylori та контроль ерадикації.', 'Активная инфекция H. pylori и контроль эрадикации.'),
  }),
  stool('4702', 'Токсини A і B Clostridioides difficile у калі', 'Токсины A и B Clostridioides difficile в кале', 690, {
    groups: ['infections', 'bacterial-infections', 'stool-tests'],
    days: 2,
    desc: t('Діагностика антибіотик-асоційованої діареї.', 'Диагностика антибиотик-ассоциированной диареи.'),
  }),

  culture(
    '4801',
    'Посів сечі на мікрофлору та чутливість до антибіотиків',
    'Посев мочи на микрофлору и чувствительность к антибиотикам',
    380,
    {
      groups: ['infections', 'microbiology', 'urinalysis'],
      popularity: 41,
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4802',
    'Посів із зіва на мікрофлору та чутливість до антибіотиків',
    'Посев из зева на микрофлору и чувствительность к антибиотикам',
    380,
    {
      materials: ['throat-swab'],
      prep: 'throatSwab',
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4803',
    'Посів із носа на золотистий стафілокок (Staphylococcus aureus)',
    'Посев из носа на золотистый стафилококк (Staphylococcus aureus)',
    320,
    {
      materials: ['nasal-swab'],
      prep: 'throatSwab',
      desc: t('Виявлення носійства золотистого стафілокока.', 'Выявление носительства золотистого стафилококка.'),
    },
  ),
  culture(
    '4804',
    'Посів з цервікального каналу на мікрофлору та чутливість до антибіотиків',
    'Посев из цервикального канала на микрофлору и чувствительность к антибиотикам',
    420,
    {
      materials: ['cervical-swab'],
      prep: 'pcrUrogenital',
      gender: 'female',
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4805',
    'Посів з уретри на мікрофлору та чутливість до антибіотиків',
    'Посев из уретры на микрофлору и чувствительность к антибиотикам',
    420,
    {
      materials: ['urethral-swab'],
      prep: 'pcrUrogenital',
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4806',
    'Посів еякуляту на мікрофлору та чутливість до антибіотиків',
    'Посев эякулята на микрофлору и чувствительность к антибиотикам',
    450,
    {
      materials: ['ejaculate'],
      prep: 'spermogram',
      gender: 'male',
      groups: ['infections', 'microbiology', 'andrology'],
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4807',
    'Посів секрету простати на мікрофлору та чутливість до антибіотиків',
    'Посев секрета простаты на микрофлору и чувствительность к антибиотикам',
    450,
    {
      materials: ['prostate-secretion'],
      prep: 'prostate',
      gender: 'male',
      groups: ['infections', 'microbiology', 'andrology'],
      desc: CULTURE_DESC,
    },
  ),
  culture(
    '4808',
    'Посів калу на патогенну флору (сальмонели, шигели)',
    'Посев кала на патогенную флору (сальмонеллы, шигеллы)',
    380,
    {
      materials: ['stool'],
      prep: 'stool',
      groups: ['infections', 'microbiology', 'stool-tests'],
      desc: t(
        'Діагностика кишкових інфекцій та бактеріоносійства.',
        'Диагностика кишечных инфекций и бактерионосительства.',
      ),
    },
  ),
  culture('4809', 'Дисбактеріоз кишечника (посів калу)', 'Дисбактериоз кишечника (посев кала)', 620, {
    materials: ['stool'],
    prep: 'stool',
    days: 7,
    groups: ['infections', 'microbiology', 'stool-tests'],
    desc: t(
      'Кількісна оцінка нормальної та умовно-патогенної флори кишечника.',
      'Количественная оценка нормальной и условно-патогенной флоры кишечника.',
    ),
  }),
  culture(
    '4810',
    'Посів на гриби роду Candida з визначенням чутливості до антимікотиків',
    'Посев на грибы рода Candida с определением чувствительности к антимикотикам',
    380,
    {
      materials: ['vaginal-swab', 'urethral-swab', 'throat-swab'],
      prep: 'pcrUrogenital',
      desc: t(
        'Виділення грибів Candida та підбір протигрибкового препарату.',
        'Выделение грибов Candida и подбор противогрибкового препарата.',
      ),
    },
  ),
  culture(
    '4811',
    'Посів на Ureaplasma spp. та Mycoplasma hominis з визначенням чутливості до антибіотиків',
    'Посев на Ureaplasma spp. и Mycoplasma hominis с определением чувствительности к антибиотикам',
    520,
    {
      materials: ['urethral-swab', 'cervical-swab'],
      prep: 'pcrUrogenital',
      desc: CULTURE_DESC,
    },
  ),
];
