import { fromQwerty, mayBeWrongLayout, toQwerty } from './keyboard-layout';
import {
  containsPattern,
  escapeLike,
  normalizeSearchText,
  prefixTsQuery,
  queryWords,
  searchVariants,
  stem,
  withLatinNames,
} from './search-query';

describe('fromQwerty: keys typed on the Latin layout, read on a Cyrillic one', () => {
  it.each([
    ['athbnby', 'uk', 'феритин'],
    ['athbnby', 'ru', 'феритин'],
    ['uk.rjpf', 'uk', 'глюкоза'],
    ['rjfuekjuhfvf', 'uk', 'коагулограма'],
    ['rjfuekjuhfvvf', 'ru', 'коагулограмма'],
    ['dsnfvsy', 'uk', 'вітамін'],
    ['dbnfvby', 'ru', 'витамин'],
    ['pfkspj', 'uk', 'залізо'],
    ['uksrjdfybq utvjukj,sy', 'uk', 'глікований гемоглобін'],
    ['\\elpbr', 'uk', 'ґудзик'],
    ["'cnhflsjk", 'uk', 'єстрадіол'],
    ["'cnhflbjk", 'ru', 'эстрадиол'],
    ['j,`v', 'uk', "об'м"],
    ['j,`v', 'ru', 'обём'],
    ['pj}', 'ru', 'зоъ'],
    ['Athbnby', 'uk', 'феритин'],
  ] as const)('%s (%s) -> %s', (typed, layout, expected) => {
    expect(fromQwerty(typed, layout)).toBe(expected);
  });

  it('leaves digits and unknown characters alone', () => {
    expect(fromQwerty('d12-3', 'uk')).toBe('в12-3');
  });

  it.each([
    ['глікований гемоглобін', 'uk', 'uksrjdfybq utvjukj,sy'],
    ["єстрадіол об'м", 'uk', "'cnhflsjk j,`v"],
    ['эстрадиол', 'ru', "'cnhflbjk"],
  ] as const)('toQwerty: %s (%s) is typed as %s, and back', (text, layout, typed) => {
    expect(toQwerty(text, layout)).toBe(typed);
    expect(fromQwerty(typed, layout)).toBe(text);
  });

  it('suspects the wrong layout for Latin letters without Cyrillic', () => {
    expect(mayBeWrongLayout('athbnby')).toBe(true);
    expect(mayBeWrongLayout('k-101')).toBe(true);
    expect(mayBeWrongLayout('феритин')).toBe(false);
    expect(mayBeWrongLayout('hs-СРБ')).toBe(false);
    expect(mayBeWrongLayout('2702')).toBe(false);
  });
});

describe('normalizeSearchText (as lab_search_normalize in SQL)', () => {
  it('lower-cases, unifies apostrophes and ё, collapses spaces', () => {
    expect(normalizeSearchText('  Обов’язковий   ОБ`ЄМ  ')).toBe("обов'язковий об'єм");
    expect(normalizeSearchText('Ёлка ʼ')).toBe("елка '");
  });

  it('composes decomposed letters (і + combining diaeresis = ї)', () => {
    expect(normalizeSearchText('Ки\u0457в')).toBe(normalizeSearchText('Київ'));
    expect(normalizeSearchText('Кі\u0308в')).toBe('кїв');
  });
});

describe('words, stems and tsquery', () => {
  it('splits on anything but letters and digits', () => {
    expect(queryWords("обов'язкові k-101, (25-oh)")).toEqual(['обов', 'язкові', 'k', '101', '25', 'oh']);
  });

  it('drops endings of longer words only', () => {
    expect(stem('крові')).toBe('кров');
    expect(stem('загальний')).toBe('загальн');
    expect(stem('аналізи')).toBe('аналіз');
    expect(stem('сеча')).toBe('сеча');
    expect(stem('2702')).toBe('2702');
  });

  it('builds prefix terms joined by &, without duplicates, at most 8 words', () => {
    expect(prefixTsQuery(['аналіз', 'крові'])).toBe('аналіз:* & кров:*');
    expect(prefixTsQuery(['крові', 'крови'])).toBe('кров:*');
    expect(prefixTsQuery([])).toBeNull();
    expect(prefixTsQuery('a b c d e f g h i j'.split(' '))?.split('&')).toHaveLength(8);
  });

  it('escapes LIKE pattern characters', () => {
    expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
    expect(containsPattern('50%')).toBe('%50\\%%');
  });
});

describe('searchVariants', () => {
  it('is empty for a blank query', () => {
    expect(searchVariants('   ')).toEqual([]);
  });

  it('searches Cyrillic text as it is, with a looser form without stop and generic words', () => {
    const [variant, ...rest] = searchVariants('Аналіз на Феритин');
    expect(rest).toEqual([]);
    expect(variant).toMatchObject({
      text: 'аналіз на феритин',
      allWords: 'аналіз:* & на:* & феритин:*',
      coreWords: 'феритин:*',
      contains: '%аналіз на феритин%',
      startsWith: 'аналіз на феритин%',
      code: 'АНАЛІЗ НА ФЕРИТИН',
      converted: false,
    });
  });

  it('makes a typo match of several words need each word, and a skeleton of each', () => {
    // "взяття вен" is typed on its way to "взяття венозної": neither the first word's trigrams nor its
    // skeleton may match alone, or every title starting with "взяття" is a typo match
    const [typing] = searchVariants('взяття вен');
    expect(typing).toMatchObject({ typoWords: ['взяття', 'вен'], skeletonWords: null });
    const [misspelt] = searchVariants('тестостерн загальнй');
    expect(misspelt).toMatchObject({ typoWords: ['тестостерн', 'загальнй'], skeletonWords: 'тстстрн:* & зглн:*' });
    // one word, or one beside stop and generic words: the text as a whole, as before
    expect(searchVariants('холистирин')[0]).toMatchObject({ typoWords: null, skeletonWords: 'хлстрн:*' });
    expect(searchVariants('аналіз на феритин')[0]).toMatchObject({ typoWords: null, skeletonWords: 'фртн:*' });
  });

  it('adds the Ukrainian and Russian layout conversions of Latin input', () => {
    expect(searchVariants('athbnby').map((v) => v.text)).toEqual(['athbnby', 'феритин']);
    expect(searchVariants("'cnhflsjk").map((v) => v.text)).toEqual(["'cnhflsjk", 'єстрадіол', 'эстрадыол']);
  });

  it('converts the ` key before normalizing it into an apostrophe', () => {
    expect(searchVariants('j,`v').map((v) => v.text)).toContain("об'м");
    expect(searchVariants('j,`v').map((v) => v.text)).toContain('обем');
  });

  it('reads one-letter Cyrillic names as Latin ones (vitamins)', () => {
    expect(withLatinNames('вітамін д')).toBe('вітамін d');
    expect(withLatinNames('вітамін в12')).toBe('вітамін b12');
    expect(withLatinNames('д')).toBeNull();
    expect(withLatinNames('феритин')).toBeNull();
    expect(searchVariants('вітамін д3').map((v) => v.text)).toEqual(['вітамін д3', 'вітамін d3']);
  });
});
