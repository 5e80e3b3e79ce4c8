/**
 * The vocative case of a Ukrainian first name, for greetings ("Вітаємо, Олено!"): the rules of the
 * Ukrainian orthography (2019, § 84-85) for the endings first names have. A name the rules do not
 * know (Latin letters, a foreign ending) is returned as it is: the nominative is never wrong enough
 * to hurt, a made-up ending is.
 */

/** Names whose vocative no ending rule gives. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  ілля: 'Ілле',
};

const VOWELS = 'аеєиіїоуюя';
const CYRILLIC_NAME = /^[а-щьюяєіїґ’'-]+$/i;

/** The ending rules, longest first: [nominative ending, vocative ending]. */
const RULES: ReadonlyArray<readonly [string, string]> = [
  ['ко', 'ку'], // Марко, Сашко
  ['ій', 'ію'], // Андрій, Сергій, Юрій
  ['ія', 'іє'], // Марія, Наталія, Юлія
  ['ея', 'еє'],
  ['оя', 'оє'], // Зоя
  ['ль', 'лю'], // Василь
  ['ь', 'ю'],
  ['й', 'ю'], // Миколай
  ['г', 'же'], // Олег
  ['к', 'ку'], // Марк
  ['а', 'о'], // Олена, Микола, Тетяна
  ['я', 'ю'], // Катя, Валя, Галя
  ['о', 'е'], // Петро, Павло, Дмитро
];

function keepCase(source: string, replacement: string): string {
  return source[0] === source[0]?.toUpperCase()
    ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
    : replacement;
}

function vocativeOfPart(name: string): string {
  const lower = name.toLowerCase();
  const exception = EXCEPTIONS[lower];
  if (exception) return keepCase(name, exception.toLowerCase());
  if (!CYRILLIC_NAME.test(name) || name.length < 2) return name;
  for (const [ending, vocative] of RULES) {
    if (lower.endsWith(ending)) return name.slice(0, name.length - ending.length) + vocative;
  }
  // a hard consonant: Іван, Олександр, Богдан, Ігор
  const last = lower.at(-1) ?? '';
  if (!VOWELS.includes(last) && /[а-щґ]/.test(last)) return `${name}е`;
  return name;
}

/** "Олена" -> "Олено", "Іван" -> "Іване", "Анна-Марія" -> "Анно-Маріє". */
export function vocativeUk(firstName: string): string {
  const name = firstName.trim();
  return name
    .split('-')
    .map((part) => (part === '' ? part : vocativeOfPart(part)))
    .join('-');
}
