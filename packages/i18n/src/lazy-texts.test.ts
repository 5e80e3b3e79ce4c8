import { i18next, initI18n, registerNamespace, setLocale } from './index';

/** A loader the test resolves by hand, counting its calls. */
function deferredLoader(bundle: Record<string, unknown>) {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const loader = jest.fn(
    () =>
      new Promise<{ default: Record<string, unknown> }>((done, fail) => {
        resolve = () => done({ default: bundle });
        reject = fail;
      }),
  );
  return { loader, resolve: () => resolve(), reject: (error: Error) => reject(error) };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

describe('ru texts loaded only for a page in Russian', () => {
  beforeAll(() => initI18n('ua'));

  it('a ua page never loads them; switching to ru loads them first, then changes the language', async () => {
    const ru = deferredLoader({ greeting: 'Приветствуем' });
    await registerNamespace('lazyA', { ua: { greeting: 'Вітаємо', onlyUa: 'Лише українською' }, ru: ru.loader });
    expect(ru.loader).not.toHaveBeenCalled();
    expect(i18next.t('greeting', { ns: 'lazyA' })).toBe('Вітаємо');

    const switched = setLocale('ru');
    await flush();
    expect(ru.loader).toHaveBeenCalledTimes(1);
    // still ua while they load: the page changes language in one step, not key by key
    expect(i18next.language).toBe('ua');
    ru.resolve();
    await switched;
    expect(i18next.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18next.t('greeting', { ns: 'lazyA' })).toBe('Приветствуем');
    expect(i18next.t('onlyUa', { ns: 'lazyA' })).toBe('Лише українською');
  });

  it('a namespace registered on a page in ru resolves once its ru texts are there', async () => {
    const ru = deferredLoader({ title: 'Корзина' });
    let ready = false;
    const registered = registerNamespace('lazyB', { ua: { title: 'Кошик' }, ru: ru.loader }).then(() => {
      ready = true;
    });
    await flush();
    expect(ru.loader).toHaveBeenCalledTimes(1);
    expect(ready).toBe(false);
    ru.resolve();
    await registered;
    expect(i18next.t('title', { ns: 'lazyB' })).toBe('Корзина');
  });

  it('a newer switch wins over one whose texts are still loading', async () => {
    await setLocale('ua');
    const ru = deferredLoader({ word: 'слово' });
    await registerNamespace('lazyC', { ua: { word: 'слово ua' }, ru: ru.loader });
    const toRu = setLocale('ru');
    const toUa = setLocale('ua');
    await toUa;
    ru.resolve();
    await toRu;
    expect(i18next.language).toBe('ua');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('texts that fail to load fall back to ua, and are asked again on the next switch', async () => {
    await setLocale('ua');
    const ru = deferredLoader({ word: 'слово' });
    await registerNamespace('lazyD', { ua: { word: 'слово ua' }, ru: ru.loader });
    const failing = setLocale('ru');
    await flush();
    ru.reject(new Error('offline'));
    await failing;
    expect(i18next.language).toBe('ru');
    expect(i18next.t('word', { ns: 'lazyD' })).toBe('слово ua');

    await setLocale('ua');
    const again = setLocale('ru');
    await flush();
    expect(ru.loader).toHaveBeenCalledTimes(2);
    ru.resolve();
    await again;
    expect(i18next.t('word', { ns: 'lazyD' })).toBe('слово');
  });
});
