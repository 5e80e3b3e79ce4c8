/** The three Slavic plural forms: one (1, 21, 101), few (2-4, 22-24), many (0, 5-20, 11-14, 25...). */
export type PluralForms = readonly [one: string, few: string, many: string];

/**
 * Picks the form for `n` by the Ukrainian and Russian rule: 1 аналіз, 2 аналізи, 5 аналізів,
 * 11 аналізів, 21 аналіз, 22 аналізи. Forms may come as a tuple or as one translated string
 * `one|few|many`, which keeps them in a single i18n key. Fractions take the "few" form (1.5 аналізи).
 */
export function plural(n: number, forms: PluralForms | string): string {
  const [one, few, many] = typeof forms === 'string' ? splitForms(forms) : forms;
  if (!Number.isInteger(n)) return few;
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

function splitForms(text: string): PluralForms {
  const [one = text, few = one, many = few] = text.split('|');
  return [one, few, many];
}
