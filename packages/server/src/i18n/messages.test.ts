import { localeFromHeader, messages } from './messages';

describe('localeFromHeader', () => {
  it.each([
    [undefined, 'uk'],
    ['', 'uk'],
    ['ua', 'uk'],
    ['uk', 'uk'],
    ['UK-ua', 'uk'],
    ['ru', 'ru'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'ru'],
    ['en-US,ru;q=0.5,uk;q=0.8', 'uk'],
    ['ru;q=0,uk', 'uk'],
    ['de', 'uk'],
    [['ru', 'uk'], 'ru'],
  ])('%j -> %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });
});

describe('messages', () => {
  it('has every text in Ukrainian and Russian', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect({ key, uk: text.uk.trim().length > 0, ru: text.ru.trim().length > 0 }).toEqual({
        key,
        uk: true,
        ru: true,
      });
    }
  });
});
