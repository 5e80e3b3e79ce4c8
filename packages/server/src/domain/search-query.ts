/**
 * What a visitor typed into the search box, turned into the pieces the search SQL needs
 * (repositories/search.ts). Pure functions, unit-tested in search-query.test.ts.
 *
 *  - normalization as the database's lab_search_normalize(): lower case, one apostrophe (’ ʼ ` -> '),
 *    ё -> е, single spaces; plus Unicode NFC so that a decomposed ї matches;
 *  - variants: the text itself and, when it is Latin letters only, what the same keys type on the
 *    Ukrainian and Russian layouts ("athbnby" -> "феритин");
 *  - for each variant a prefix tsquery of all its words ("загальн:* & кров:*"), a looser one without
 *    stop words and generic words ("аналіз на феритин" -> "феритин:*"), a LIKE pattern for substrings
 *    (with % _ \ escaped) and the code as the codes are stored (upper case);
 *  - the field's words (seed/data/search-synonyms.ts): "ЗАК" is searched also as "загальний аналіз
 *    крові", with the analyses it means ranked first.
 */
import { searchSynonyms } from '../seed/data/search-synonyms';
import type { SeedSearchSynonym } from '../seed/types';
import { fromQwerty, mayBeWrongLayout } from './keyboard-layout';

/** Longer queries are refused (400): nobody types more into a search box, and it bounds the work. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Words of a query used for the full-text part; the rest still count for substring and trigram. */
export const SEARCH_MAX_WORDS = 8;

/** Mirrors lab_search_normalize() of migration 001. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ') // control characters (a NUL cannot even be sent to PostgreSQL)
    .toLowerCase()
    .replace(/[’ʼ`]/g, "'")
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Prepositions and conjunctions (uk, ru) a query may carry but a title need not. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'в',
  'у',
  'на',
  'до',
  'з',
  'із',
  'зі',
  'за',
  'та',
  'і',
  'й',
  'и',
  'для',
  'по',
  'при',
  'про',
  'або',
  'чи',
  'що',
  'від',
  'к',
  'с',
  'со',
  'о',
  'об',
  'от',
  'или',
  'не',
  'а',
]);

/** Words that name the kind of thing, not the thing: "аналіз на феритин" is about ferritin. */
const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'аналіз',
  'аналізи',
  'аналізу',
  'анализ',
  'анализы',
  'анализа',
  'тест',
  'дослідження',
  'исследование',
  'здати',
  'здать',
  'сдать',
  'ціна',
  'цена',
  'вартість',
  'стоимость',
]);

/** Vowels, й and the soft sign: a word's ending, dropped so that "крові" also finds "крови". */
const ENDING = /[аеєиіїйоуюяыэь]$/;
const MIN_STEM = 4;

/** "крові" -> "кров", "загальний" -> "загальн", "аналізи" -> "аналіз"; short words and numbers stay. */
export function stem(word: string): string {
  let out = word;
  for (let i = 0; i < 2 && out.length > MIN_STEM && ENDING.test(out); i++) out = out.slice(0, -1);
  return out;
}

/** Letters and digits only: the words as PostgreSQL's default text-search parser splits them. */
export function queryWords(normalized: string): string[] {
  return normalized.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** `a:* & b:*` of the words (stemmed), or null for none. Words are letters and digits only. */
export function prefixTsQuery(words: readonly string[]): string | null {
  const terms = [...new Set(words.slice(0, SEARCH_MAX_WORDS).map(stem))];
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

/** `value` with LIKE's pattern characters escaped (the default escape character, backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching `value` anywhere. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/** As lab_search_skeleton() in SQL: the letters that carry a word when its vowels are mistyped. */
const SKELETON_DROPPED = /[аеєиіїоуюяыэйьъ']/g;
/** Skeletons shorter than this match too much to be worth a typo candidate. */
const MIN_SKELETON = 3;

/** "холистирин" -> "хлстрн" (as "холестерин"). */
export function skeleton(word: string): string {
  return word.replace(SKELETON_DROPPED, '');
}

/**
 * `a:* & b:*` of the skeletons of the Cyrillic words; null when one of them is too short to have one
 * (the skeleton of "взяття" alone must not stand for "взяття вен") or none has.
 */
export function skeletonTsQuery(words: readonly string[]): string | null {
  const skeletons = words
    .filter((word) => !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word) && /\p{Script=Cyrillic}/u.test(word))
    .map(skeleton);
  if (skeletons.some((s) => s.length < MIN_SKELETON)) return null;
  const terms = [...new Set(skeletons)].slice(0, SEARCH_MAX_WORDS);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

export interface SearchVariant {
  /** The normalized text (compared with search_text, titles and for trigram similarity). */
  readonly text: string;
  /** All words as prefixes; null when the text has no letters or digits. */
  readonly allWords: string | null;
  /** Without stop words and generic words; null when that leaves nothing or equals allWords. */
  readonly coreWords: string | null;
  /** Consonant skeletons of the Cyrillic words, for vowel typos; null when no word has one. */
  readonly skeletonWords: string | null;
  /**
   * The words a typo match needs each of: two or more words of TYPO_WORD_LENGTH letters, not stop or
   * generic words. Null: the text as a whole. Otherwise a common first word alone made a typo match
   * ("взяття вен", typed on its way to "взяття венозної", matched every title starting "взяття").
   */
  readonly typoWords: readonly string[] | null;
  /** LIKE pattern for the text as a substring. */
  readonly contains: string;
  /** LIKE pattern for texts starting with the text. */
  readonly startsWith: string;
  /** The text as a service code is stored ('k-101' -> 'K-101'). */
  readonly code: string;
  /** Made by converting the keyboard layout, or from a synonym. */
  readonly converted: boolean;
  /** Service codes a synonym means, best first: ranked above every other match. Empty: none. */
  readonly intendedCodes: readonly string[];
  /** Category slugs a synonym means, likewise. */
  readonly intendedGroups: readonly string[];
  /**
   * Whether a typo of the text is looked for. Not for a word of the field ("зак" is no typo of
   * "заліза"): its meaning is searched instead.
   */
  readonly typos: boolean;
}

/** A word shorter than this is no typo match's condition: its trigrams are too few to tell. */
export const TYPO_WORD_LENGTH = 3;
/**
 * A typo match needs at most this many words (the first): each count is a statement of its own to
 * prepare, and a prepared matching statement holds about 250 KB of the database's memory.
 */
const TYPO_MAX_WORDS = 3;

function variant(text: string, converted: boolean, synonym: SeedSearchSynonym | null = null): SearchVariant {
  const words = queryWords(text);
  const allWords = prefixTsQuery(words);
  const coreList = words.filter((word) => !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word));
  const core = prefixTsQuery(coreList);
  const typoWords = [...new Set(coreList.filter((word) => word.length >= TYPO_WORD_LENGTH))].slice(0, TYPO_MAX_WORDS);
  return {
    text,
    allWords,
    coreWords: core === allWords ? null : core,
    skeletonWords: skeletonTsQuery(words),
    typoWords: typoWords.length >= 2 ? typoWords : null,
    contains: containsPattern(text),
    startsWith: `${escapeLike(text)}%`,
    code: text.toUpperCase(),
    converted,
    intendedCodes: synonym?.codes ?? [],
    intendedGroups: synonym?.groups ?? [],
    typos: true,
  };
}

/** Words without stop and generic words, joined: "здати аналіз ЗАК" and "зак" have the same core. */
const coreOf = (text: string): string =>
  queryWords(text)
    .filter((word) => !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word))
    .join(' ');

/**
 * Each synonym by its terms, normalized, by their words (punctuation aside: "ат-тпо" as "ат тпо") and by
 * their cores (stop and generic words aside: "крові на цукор" as "крові цукор", which "аналіз крові на
 * цукор" is too). A term written out wins over another's core.
 */
export function synonymIndex(list: readonly SeedSearchSynonym[]): ReadonlyMap<string, SeedSearchSynonym> {
  const index = new Map<string, SeedSearchSynonym>();
  for (const synonym of list) {
    for (const term of synonym.terms) {
      const normalized = normalizeSearchText(term);
      index.set(normalized, synonym);
      const words = queryWords(normalized).join(' ');
      if (!index.has(words)) index.set(words, synonym);
    }
  }
  for (const synonym of list) {
    for (const term of synonym.terms) {
      const core = coreOf(normalizeSearchText(term));
      if (core !== '' && !index.has(core)) index.set(core, synonym);
    }
  }
  return index;
}

const SYNONYMS = synonymIndex(searchSynonyms);

/** The synonym a normalized text is: the whole text, its words, or its words without generic ones. */
export function synonymOf(
  text: string,
  index: ReadonlyMap<string, SeedSearchSynonym> = SYNONYMS,
): SeedSearchSynonym | null {
  return index.get(text) ?? index.get(queryWords(text).join(' ')) ?? index.get(coreOf(text)) ?? null;
}

/** Vitamin and similar one-letter names written in Cyrillic: "вітамін д3" means "вітамін d3". */
const LATIN_NAME_LETTERS: Readonly<Record<string, string>> = { а: 'a', в: 'b', б: 'b', с: 'c', д: 'd', е: 'e', к: 'k' };
const ONE_LETTER_NAME = /(^|[^\p{L}\p{N}])([авбсдек])(\d{0,2})(?=$|[^\p{L}\p{N}])/gu;

/** The text with one-letter names in Latin ("вітамін д" -> "вітамін d"), or null when it has none. */
export function withLatinNames(text: string): string | null {
  if (queryWords(text).length < 2) return null; // "а" alone is the start of a word, not a name
  const out = text.replace(
    ONE_LETTER_NAME,
    (_, before: string, letter: string, digits: string) => `${before}${LATIN_NAME_LETTERS[letter] ?? letter}${digits}`,
  );
  return out === text ? null : out;
}

/**
 * The variants to search for a query: the query itself; its Ukrainian and Russian layout conversions
 * when it may have been typed in the wrong layout; the query with one-letter names in Latin. Empty when
 * the query is blank.
 */
export function searchVariants(query: string): SearchVariant[] {
  const text = normalizeSearchText(query);
  if (text === '') return [];
  const variants = [variant(text, false)];
  if (mayBeWrongLayout(text)) {
    // convert what was typed (the ` key is the Ukrainian apostrophe and the Russian ё), then normalize
    const typed = query
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .trim();
    for (const layout of ['uk', 'ru'] as const) {
      const converted = normalizeSearchText(fromQwerty(typed, layout));
      if (converted !== '' && !variants.some((v) => v.text === converted)) variants.push(variant(converted, true));
    }
  }
  for (const v of [...variants]) {
    const latin = withLatinNames(v.text);
    if (latin !== null && !variants.some((other) => other.text === latin)) variants.push(variant(latin, true));
  }
  return withSynonym(variants);
}

/**
 * The variants and what the first one that is a synonym means: a variant of the meaning carrying the
 * intended codes (the variant itself when it already is the meaning, as "пса").
 */
function withSynonym(variants: SearchVariant[]): SearchVariant[] {
  for (const v of variants) {
    const synonym = synonymOf(v.text);
    if (!synonym) continue;
    const at = variants.indexOf(v);
    variants[at] = { ...v, typos: false, skeletonWords: null };
    const means = normalizeSearchText(synonym.means);
    const same = variants.findIndex((other) => other.text === means);
    if (same >= 0) variants[same] = variant(means, (variants[same] as SearchVariant).converted, synonym);
    else variants.push(variant(means, true, synonym));
    break;
  }
  return variants;
}
