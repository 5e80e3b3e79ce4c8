/**
 * Small deterministic helpers for the seed data: a seeded PRNG, a string hash and a
 * Ukrainian-to-Latin slug function (national transliteration, КМУ 2010).
 * Nothing here draws on Math.random, so every run of the seed yields the same data.
 */

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string: a stable per-item "random" number. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks an element by index, wrapping around; throws on an empty list. */
export function pick<T>(list: readonly T[], index: number): T {
  const item = list[((index % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Rounds to the given number of decimals (prices to 2, coordinates to 6). */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  // Russian-only letters, in case a Russian text is slugified
  ё: 'io',
  ы: 'y',
  э: 'e',
  ъ: '',
  // Greek letters used in test names
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
};
/** word-initial forms of the iotated letters */
const INITIAL: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** Ukrainian title to a Latin kebab-case slug: 'Глюкоза в крові' → 'hliukoza-v-krovi'. */
export function slugify(text: string, maxLength = 90): string {
  const lower = text.toLowerCase().replace(/зг/g, 'zgh');
  let out = '';
  let prevLetter = false;
  for (const ch of lower) {
    const isCyr = ch in TRANSLIT;
    if (isCyr) {
      out += !prevLetter && ch in INITIAL ? INITIAL[ch] : TRANSLIT[ch];
      prevLetter = true;
    } else if (/[a-z0-9]/.test(ch)) {
      out += ch;
      prevLetter = true;
    } else if (ch === "'" || ch === '’' || ch === 'ʼ') {
      // apostrophes are dropped without breaking the word
    } else {
      out += '-';
      prevLetter = false;
    }
  }
  let slug = out.replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (slug.length > maxLength) {
    slug = slug.slice(0, maxLength);
    const cut = slug.lastIndexOf('-');
    if (cut > maxLength / 2) slug = slug.slice(0, cut);
  }
  return slug;
}
