/**
 * The field's words: what patients and doctors type instead of the catalogue's titles (abbreviations
 * from referrals, lay words, Latin names), in Ukrainian and Russian, each with the analyses it means.
 * Search reads this list (domain/search-query.ts): a query that is one of the terms is searched also as
 * `means`, and the `codes` (then the `groups`) come first, in that order. A term matches the whole query,
 * or the query without its generic words ("аналіз зак", "здати оак"), after normalization (case,
 * apostrophes, ё): "ЗАК", "зак" and "Зак" are one.
 * seed-data.test.ts checks that every code and group exists; search-set.test.ts that each term's
 * first code comes first.
 */
import type { SeedSearchSynonym } from '../types';

export const searchSynonyms: SeedSearchSynonym[] = [
  {
    // загальний / клінічний аналіз крові; ru: общий / клинический анализ крови
    terms: ['зак', 'как', 'оак', 'клінічний аналіз крові', 'клинический анализ крови', 'cbc'],
    means: 'загальний аналіз крові',
    codes: ['1002', '1001', '1003'],
    groups: ['complete-blood-count'],
  },
  {
    terms: ['зас', 'оам', 'зам', 'оас', 'аналіз сечі', 'анализ мочи', 'сеча', 'моча'],
    means: 'загальний аналіз сечі',
    codes: ['9001', '9002'],
    groups: ['urinalysis'],
  },
  {
    // біохімічний аналіз крові: the usual panels of a referral (liver, kidneys, sugar, lipids, electrolytes)
    terms: [
      'бак',
      'бх',
      'біохімія',
      'биохимия',
      'біохімічний аналіз крові',
      'биохимический анализ крови',
      'біохімія крові',
    ],
    means: 'біохімія',
    codes: ['2010', '2105', '2401', '2201', '2202', '2308'],
    groups: ['biochemistry'],
  },
  { terms: ['ттг', 'tsh', 'тиреотропін', 'тиреотропин'], means: 'тиреотропний гормон', codes: ['3001'] },
  { terms: ['т4 вільний', 'вт4', 'ft4', 'св т4', 'свободный т4'], means: 'тироксин вільний', codes: ['3002'] },
  { terms: ['т3 вільний', 'вт3', 'ft3', 'свободный т3'], means: 'трийодтиронін вільний', codes: ['3003'] },
  { terms: ['атпо', 'ат тпо', 'ат-тпо', 'anti-tpo'], means: 'антитіла до тиреопероксидази', codes: ['3006'] },
  { terms: ['пса', 'psa', 'простатспецифічний антиген'], means: 'пса', codes: ['7001', '7002'] },
  {
    terms: ['hba1c', 'глікогемоглобін', 'гликогемоглобин', 'глікований', 'гликированный', 'а1с'],
    means: 'глікований гемоглобін',
    codes: ['2402'],
  },
  {
    terms: ['цукор', 'сахар', 'цукор крові', 'сахар крови', 'кров на цукор', 'кровь на сахар', 'glu'],
    means: 'глюкоза',
    codes: ['2401', '2409'],
  },
  {
    terms: ['вітамін д', 'вітамін d', 'витамин д', 'витамин d', 'вит д', 'вит d', 'д3', 'd3', '25-oh', '25 oh'],
    means: 'вітамін d',
    codes: ['6001', '6011'],
  },
  {
    terms: ['ферум', 'залізо', 'железо', 'fe', 'сироваткове залізо', 'сывороточное железо'],
    means: 'залізо',
    codes: ['2701', '2702'],
    groups: ['iron-metabolism'],
  },
  { terms: ['алт', 'алат', 'alt', 'гпт'], means: 'аланінамінотрансфераза', codes: ['2001'] },
  { terms: ['аст', 'асат', 'ast', 'гот'], means: 'аспартатамінотрансфераза', codes: ['2002'] },
  { terms: ['ггт', 'ггтп', 'ggt'], means: 'гамма-глутамілтрансфераза', codes: ['2006'] },
  { terms: ['срб', 'срп', 'crp', 'с-реактивний', 'c-реактивный'], means: 'с-реактивний білок', codes: ['2508'] },
  { terms: ['шое', 'шзе', 'соэ', 'esr'], means: 'швидкість осідання еритроцитів', codes: ['1004'] },
  {
    terms: ['коагулограма', 'коагулограмма', 'згортання крові', 'свертываемость крови', 'гемостаз'],
    means: 'коагулограма',
    codes: ['1110'],
    groups: ['coagulation'],
  },
  { terms: ['мнв', 'мно', 'inr', 'пті', 'пти'], means: 'протромбіновий час', codes: ['1101'] },
  {
    terms: ['ліпідограма', 'липидограмма', 'ліпіди', 'липиды', 'холестерин і фракції'],
    means: 'ліпідний профіль',
    codes: ['2105'],
    groups: ['lipid-profile'],
  },
  { terms: ['печінкові проби', 'печеночные пробы'], means: 'печінкові проби', codes: ['2010'] },
  {
    terms: ['хгч', 'хгл', 'хгт', 'hcg', 'бета-хгч', 'тест на вагітність'],
    means: 'хоріонічний гонадотропін',
    codes: ['3110'],
  },
  { terms: ['амг', 'amh', 'антимюллеровий'], means: 'антимюллерів гормон', codes: ['3109'] },
  { terms: ['ferritin'], means: 'феритин', codes: ['2702'] },
  {
    terms: ['кал на я/г', 'кал на яйця глистів', 'кал на яйца глист', 'яйця глистів'],
    means: 'кал на яйця гельмінтів',
    codes: ['4601'],
  },
  { terms: ['пап-тест', 'пап тест', 'пап', 'pap'], means: 'пап-тест', codes: ['9301'] },
  { terms: ['rw', 'рв', 'сифіліс', 'сифилис'], means: 'treponema pallidum', codes: ['4202'] },
  { terms: ['онкомаркери', 'онкомаркеры'], means: 'онкомаркери', codes: [], groups: ['tumor-markers'] },
];
