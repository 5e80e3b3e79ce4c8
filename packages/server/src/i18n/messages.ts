/**
 * Every text the server sends, in Ukrainian (the default) and Russian. Error bodies carry a stable
 * `code` for programs and one of these as `message` for people.
 */

import { accountMessages } from './account-messages';
import { catalogueMessages } from './catalogue-messages';
import { lisMessages } from './lis-messages';

export type Locale = 'uk' | 'ru';
export const DEFAULT_LOCALE: Locale = 'uk';

export const messages = {
  // ---- generic HTTP failures
  'not-found': { uk: 'Не знайдено', ru: 'Не найдено' },
  'route-not-found': { uk: 'Такої адреси API не існує', ru: 'Такого адреса API не существует' },
  'bad-request': { uk: 'Некоректний запит', ru: 'Некорректный запрос' },
  'invalid-json': { uk: 'Тіло запиту не є коректним JSON', ru: 'Тело запроса не является корректным JSON' },
  'payload-too-large': { uk: 'Запит завеликий', ru: 'Слишком большой запрос' },
  'unsupported-media-type': { uk: 'Непідтримуваний тип вмісту', ru: 'Неподдерживаемый тип содержимого' },
  'rate-limited': {
    uk: 'Забагато запитів. Спробуйте трохи пізніше.',
    ru: 'Слишком много запросов. Попробуйте чуть позже.',
  },
  internal: {
    uk: 'Сталася помилка на сервері. Спробуйте пізніше.',
    ru: 'Произошла ошибка на сервере. Попробуйте позже.',
  },
  'not-implemented': { uk: 'Ця функція ще не доступна', ru: 'Эта функция пока недоступна' },
  'service-unavailable': {
    uk: 'Сервіс тимчасово недоступний. Спробуйте за кілька секунд.',
    ru: 'Сервис временно недоступен. Попробуйте через несколько секунд.',
  },
  'not-ready': {
    uk: 'Сервер ще не готовий приймати запити',
    ru: 'Сервер ещё не готов принимать запросы',
  },

  // ---- request validation (by Ajv keyword)
  'validation-required': { uk: 'Обов’язкове поле', ru: 'Обязательное поле' },
  'validation-type': { uk: 'Невірний тип значення', ru: 'Неверный тип значения' },
  'validation-format': { uk: 'Невірний формат', ru: 'Неверный формат' },
  'validation-range': { uk: 'Значення поза допустимими межами', ru: 'Значение вне допустимых пределов' },
  'validation-enum': { uk: 'Недопустиме значення', ru: 'Недопустимое значение' },
  'validation-unknown-field': { uk: 'Невідоме поле', ru: 'Неизвестное поле' },
  'validation-invalid': { uk: 'Некоректне значення', ru: 'Некорректное значение' },

  // ---- entities not found
  'settlement-not-found': { uk: 'Місто не знайдено', ru: 'Город не найден' },
  'article-not-found': { uk: 'Сторінку не знайдено', ru: 'Страница не найдена' },
  'news-not-found': { uk: 'Новину не знайдено', ru: 'Новость не найдена' },
  'document-not-found': { uk: 'Документ не знайдено', ru: 'Документ не найден' },

  // ---- business rules (docs/product.md#validation)
  'wrong-promo': {
    uk: 'Промокод недійсний або термін його дії закінчився',
    ru: 'Промокод недействителен или срок его действия истёк',
  },

  // ---- sign-in, accounts, orders, payments, results
  ...accountMessages,
  // ---- catalogue, search, cart
  ...catalogueMessages,
  // ---- the laboratory's results intake
  ...lisMessages,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

/** The text in a language; `{name}` placeholders take `params[name]`. */
export function translate(key: MessageKey, locale: Locale, params?: Readonly<Record<string, string | number>>): string {
  const text: string = messages[key][locale];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * The locale of an Accept-Language header. The site sends its locale key (`ua` or `ru`); browsers
 * send tags with weights (`ru-RU,ru;q=0.9,uk;q=0.8`). The best-weighted tag we know wins; `ua`/`uk`
 * mean Ukrainian, `ru` Russian; anything else (or nothing) is Ukrainian.
 */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LOCALE;
  const candidates = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      };
    })
    .filter((candidate) => candidate.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of candidates) {
    if (language === 'ru') return 'ru';
    if (language === 'uk' || language === 'ua') return 'uk';
  }
  return DEFAULT_LOCALE;
}
