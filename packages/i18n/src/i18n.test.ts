import {
  i18next,
  initI18n,
  isExternalHref,
  languageTag,
  localeFromPath,
  localizePath,
  registerNamespace,
  setLocale,
  stripLocale,
} from './index';

describe('locale routing rules (docs/product.md#routes)', () => {
  it('reads the locale from the first or second path segment, defaulting to ua', () => {
    expect(localeFromPath('/')).toBe('ua');
    expect(localeFromPath('/cart')).toBe('ua');
    expect(localeFromPath('/ru')).toBe('ru');
    expect(localeFromPath('/ru/cart')).toBe('ru');
    expect(localeFromPath('/kyiv/ru/analyzes/blood')).toBe('ru');
    expect(localeFromPath('/kyiv/analyzes/ru')).toBe('ua');
    expect(localeFromPath('/rust')).toBe('ua');
  });

  it('prefixes internal paths only for a locale other than the fallback; the root stays /', () => {
    expect(localizePath('/', 'ua')).toBe('/');
    expect(localizePath('/cart', 'ua')).toBe('/cart');
    expect(localizePath('/', 'ru')).toBe('/ru');
    expect(localizePath('/cart', 'ru')).toBe('/ru/cart');
    expect(localizePath('/search?query=abc', 'ru')).toBe('/ru/search?query=abc');
    expect(localizePath('/?paginate=1', 'ru')).toBe('/ru?paginate=1');
  });

  it('does not prefix twice and removes the prefix when switching back to ua', () => {
    expect(localizePath('/ru/cart', 'ru')).toBe('/ru/cart');
    expect(localizePath('/ru/cart', 'ua')).toBe('/cart');
    expect(stripLocale('/ru')).toBe('/');
    expect(stripLocale('/rubella')).toBe('/rubella');
  });

  it('never prefixes external links', () => {
    expect(isExternalHref('https://example.org/x')).toBe(true);
    expect(isExternalHref('/analysis/x')).toBe(false);
    expect(localizePath('https://example.org/x', 'ru')).toBe('https://example.org/x');
  });

  it('maps ua to the uk language tag', () => {
    expect(languageTag('ua')).toBe('uk');
    expect(languageTag('ru')).toBe('ru');
  });
});

describe('i18n set-up', () => {
  beforeAll(() => {
    initI18n('ua');
    registerNamespace('demo', {
      ua: { greeting: 'Вітаємо', onlyUa: 'Лише українською' },
      ru: { greeting: 'Приветствуем' },
    });
  });

  it('uses ua by default and sets html lang to uk', async () => {
    await setLocale('ua');
    expect(i18next.t('greeting', { ns: 'demo' })).toBe('Вітаємо');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('translates into ru and falls back to ua for a key ru lacks', async () => {
    await setLocale('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18next.t('greeting', { ns: 'demo' })).toBe('Приветствуем');
    expect(i18next.t('onlyUa', { ns: 'demo' })).toBe('Лише українською');
  });

  it('keeps one instance across repeated initialisation', () => {
    expect(initI18n('ru')).toBe(i18next);
  });
});
