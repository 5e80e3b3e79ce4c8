import type { SeedMaterial } from '../types';

/** Keys of the biomaterials; services refer to them by key. */
export type MaterialKey =
  | 'venous-blood'
  | 'serum'
  | 'plasma-citrate'
  | 'plasma-edta'
  | 'capillary-blood'
  | 'urine'
  | 'urine-24h'
  | 'stool'
  | 'urethral-swab'
  | 'cervical-swab'
  | 'vaginal-swab'
  | 'throat-swab'
  | 'nasopharyngeal-swab'
  | 'nasal-swab'
  | 'saliva'
  | 'buccal-epithelium'
  | 'ejaculate'
  | 'prostate-secretion'
  | 'perianal-scraping'
  | 'hair';

const MATERIALS: Record<MaterialKey, [uk: string, ru: string]> = {
  'venous-blood': ['Венозна кров', 'Венозная кровь'],
  serum: ['Сироватка крові', 'Сыворотка крови'],
  'plasma-citrate': ['Плазма крові (цитрат натрію)', 'Плазма крови (цитрат натрия)'],
  'plasma-edta': ['Плазма крові (ЕДТА)', 'Плазма крови (ЭДТА)'],
  'capillary-blood': ['Капілярна кров', 'Капиллярная кровь'],
  urine: ['Сеча (разова порція)', 'Моча (разовая порция)'],
  'urine-24h': ['Добова сеча', 'Суточная моча'],
  stool: ['Кал', 'Кал'],
  'urethral-swab': ['Мазок з уретри', 'Мазок из уретры'],
  'cervical-swab': ['Мазок з цервікального каналу', 'Мазок из цервикального канала'],
  'vaginal-swab': ['Мазок з піхви', 'Мазок из влагалища'],
  'throat-swab': ['Мазок із зіва', 'Мазок из зева'],
  'nasopharyngeal-swab': ['Мазок з носоглотки', 'Мазок из носоглотки'],
  'nasal-swab': ['Мазок з носа', 'Мазок из носа'],
  saliva: ['Слина', 'Слюна'],
  'buccal-epithelium': [
    'Букальний епітелій (мазок з внутрішньої поверхні щоки)',
    'Буккальный эпителий (мазок с внутренней поверхности щеки)',
  ],
  ejaculate: ['Еякулят', 'Эякулят'],
  'prostate-secretion': ['Секрет простати', 'Секрет простаты'],
  'perianal-scraping': ['Зішкріб з перианальних складок', 'Соскоб с перианальных складок'],
  hair: ['Волосся', 'Волосы'],
};

export const materials: SeedMaterial[] = Object.entries(MATERIALS).map(([key, [uk, ru]]) => ({
  key,
  title: { uk, ru },
}));
