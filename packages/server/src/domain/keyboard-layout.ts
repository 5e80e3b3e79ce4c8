/**
 * Text typed with the wrong keyboard layout: a visitor meant Ukrainian or Russian but the Latin (US
 * QWERTY) layout was on, so "феритин" arrived as "athbnby". `fromQwerty(text, 'uk')` gives back what
 * the same keys produce on the Ukrainian (Enhanced) layout, `'ru'` on the Russian ЙЦУКЕН layout.
 * The two differ in five keys: s (і / ы), ] (ї / ъ), ' (є / э), ` (apostrophe / ё), \ (ґ / \).
 */

export type CyrillicLayout = 'uk' | 'ru';

/** Unshifted keys, in keyboard rows; shifted symbols follow in SHIFTED. */
const COMMON: Readonly<Record<string, string>> = {
  q: 'й',
  w: 'ц',
  e: 'у',
  r: 'к',
  t: 'е',
  y: 'н',
  u: 'г',
  i: 'ш',
  o: 'щ',
  p: 'з',
  '[': 'х',
  a: 'ф',
  d: 'в',
  f: 'а',
  g: 'п',
  h: 'р',
  j: 'о',
  k: 'л',
  l: 'д',
  ';': 'ж',
  z: 'я',
  x: 'ч',
  c: 'с',
  v: 'м',
  b: 'и',
  n: 'т',
  m: 'ь',
  ',': 'б',
  '.': 'ю',
  '/': '.',
  // with Shift
  '{': 'х',
  ':': 'ж',
  '<': 'б',
  '>': 'ю',
  '?': ',',
};

const LAYOUT_KEYS: Readonly<Record<CyrillicLayout, Readonly<Record<string, string>>>> = {
  uk: { s: 'і', ']': 'ї', "'": 'є', '`': "'", '\\': 'ґ', '}': 'ї', '"': 'є', '~': "'", '|': 'ґ' },
  ru: { s: 'ы', ']': 'ъ', "'": 'э', '`': 'ё', '}': 'ъ', '"': 'э', '~': 'ё' },
};

/** True when the text has Latin letters and no Cyrillic ones: it may have been typed in the wrong layout. */
export function mayBeWrongLayout(text: string): boolean {
  return /[a-z]/i.test(text) && !/\p{Script=Cyrillic}/u.test(text);
}

/** The text as the same keys type it in a Cyrillic layout (lower case; other characters unchanged). */
export function fromQwerty(text: string, layout: CyrillicLayout): string {
  const keys = LAYOUT_KEYS[layout];
  let out = '';
  for (const char of text.toLowerCase()) out += keys[char] ?? COMMON[char] ?? char;
  return out;
}

/** The Latin keys that type a Cyrillic text on the layout (the inverse of fromQwerty; the search bench). */
export function toQwerty(text: string, layout: CyrillicLayout): string {
  const keys = new Map<string, string>();
  for (const [key, char] of [...Object.entries(COMMON), ...Object.entries(LAYOUT_KEYS[layout])]) {
    if (/^[a-z;,.[\]'`\\/]$/.test(key) && !keys.has(char)) keys.set(char, key);
  }
  let out = '';
  for (const char of text.toLowerCase()) out += keys.get(char) ?? char;
  return out;
}
