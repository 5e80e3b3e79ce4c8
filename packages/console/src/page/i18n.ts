// The console's two languages: texts in ../i18n/<language>.json (served as /console/assets/<language>.json),
// the choice kept in this browser (localStorage), Ukrainian by default.

export type Language = 'uk' | 'en';
export const LANGUAGES: readonly Language[] = ['uk', 'en'];
const KEY = 'consoleLanguage';

type Texts = { readonly [key: string]: string | Texts };
let texts: Texts = {};
let current: Language = 'uk';

export function storedLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  return LANGUAGES.find((language) => language === stored) ?? 'uk';
}

export async function useLanguage(language: Language): Promise<void> {
  const answer = await fetch(`/console/assets/${language}.json`);
  texts = (await answer.json()) as Texts;
  current = language;
  localStorage.setItem(KEY, language);
  document.documentElement.lang = language;
  document.title = t('title');
}

export const language = (): Language => current;

/** The text at a dotted key with `{name}` filled in; the key itself when it is missing (seen at once). */
export function t(key: string, values: Readonly<Record<string, string | number>> = {}): string {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

export function has(key: string): boolean {
  return t(key) !== key;
}

const locale = () => (current === 'uk' ? 'uk-UA' : 'en-GB');

export const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

export const formatHour = (at: number): string =>
  new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(at));

export const formatDateTime = (iso: string): string =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

export const formatNumber = (value: number, digits = 0): string =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
