import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { type RunningApi, startApi, stopApi } from '../support/api';
import { setCity } from '../support/page';
import { shifted } from '../support/ports';
import { Site } from '../support/site';

/**
 * What the site says is what it does, at 360 and 1280 px: search knows the field's words ("ЗАК" is a
 * blood count, in Ukrainian and Russian), /getapp offers the app only when a store has it (and its QR
 * code on a computer), the city prompt covers no heading, is asked once and its picker's field stays
 * put while typing; an article's h1 is its largest heading; a missing page has its own title.
 */
const site = new Site({ basePort: 5150 });
const APP_STORE = 'https://apps.apple.com/ua/app/lab/id1234567890';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=ua.lab.app';

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const VIEWPORTS = [
  { name: '360', viewport: { width: 360, height: 740 } },
  { name: '1280', viewport: { width: 1280, height: 900 } },
] as const;

/** A screenshot kept with the run's results (and in SHOTS_DIR when set), to be looked at. */
async function shot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  const path = process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, `${name}.png`) : undefined;
  const body = part ? await part.screenshot({ path }) : await page.screenshot({ path });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** A visitor whose city is chosen: no prompt over what the journey looks at. */
async function visit(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin);
  await setCity(page, 1);
  await page.goto(`${origin}${path}`);
}

const SEARCH = {
  ua: { open: 'Пошук аналізів', label: 'Назва або код аналізу', dialog: 'Пошук', prefix: '' },
  ru: { open: 'Поиск анализов', label: 'Название или код анализа', dialog: 'Поиск', prefix: '/ru' },
} as const;

/** The header's search, opened on the home page in `locale`, lists `first` first for `query`. */
async function expectFirstHit(page: Page, locale: keyof typeof SEARCH, query: string, first: string) {
  const texts = SEARCH[locale];
  await visit(page, site.url, `${texts.prefix}/`);
  await page.getByRole('button', { name: texts.open }).click();
  const input = page.getByRole('combobox', { name: texts.label });
  await expect(input).toBeFocused();
  await input.fill(query);
  const options = page.getByRole('dialog', { name: texts.dialog }).getByRole('option');
  await expect(options.first()).toContainText(first);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} px`, () => {
    test.use({ viewport });

    test('search knows the field’s words: the analysis meant comes first, in Ukrainian and Russian', async ({
      page,
    }, testInfo) => {
      const cases = [
        { locale: 'ua', query: 'ЗАК', first: 'Загальний аналіз крові з лейкоцитарною формулою' },
        { locale: 'ua', query: 'цукор', first: 'Глюкоза в крові' },
        { locale: 'ua', query: 'ЗАС', first: 'Загальний аналіз сечі' },
        { locale: 'ru', query: 'ОАК', first: 'Общий анализ крови с лейкоцитарной формулой' },
        { locale: 'ru', query: 'витамин д', first: 'Витамин D (25-OH)' },
        { locale: 'ru', query: 'ТТГ', first: 'Тиреотропный гормон (ТТГ)' },
      ] as const;
      for (const { locale, query, first } of cases) {
        await expectFirstHit(page, locale, query, first);
        if (query === 'ЗАК' || query === 'ОАК') await shot(page, testInfo, `search-${query}-${locale}-${name}`);
      }
    });

    test('search knows the lay words, and lists only the chosen city’s branches, each named with its city', async ({
      page,
    }, testInfo) => {
      const cases = [
        { locale: 'ua', query: 'ковід', first: 'SARS-CoV-2, РНК (ПЛР)' },
        { locale: 'ua', query: 'аналіз на ковід', first: 'SARS-CoV-2, РНК (ПЛР)' },
        { locale: 'ua', query: 'гормони щитовидки', first: 'Тиреотропний гормон (ТТГ)' },
        { locale: 'ru', query: 'гормоны щитовидки', first: 'Тиреотропный гормон (ТТГ)' },
        { locale: 'ua', query: 'кал', first: 'Копрограма' },
      ] as const;
      for (const { locale, query, first } of cases) {
        await expectFirstHit(page, locale, query, first);
        if (query === 'ковід') await shot(page, testInfo, `search-covid-${locale}-${name}`);
      }

      // in Бердичів, a street of Бердичів: its branch named with the city, and no other city's branch
      const list = await page.request.get(`${site.url}/api/public/user/branches/enabled/settlements`);
      const { settlements } = (await list.json()) as { settlements: { id: number; sourceId: string }[] };
      const berdychiv = settlements.find((city) => city.sourceId === 'berdychiv');
      if (!berdychiv) throw new Error('Бердичів is one of the cities');
      await page.goto(site.url);
      await setCity(page, berdychiv.id);
      await page.goto(`${site.url}/search?query=${encodeURIComponent('бердичів')}`);
      const branches = page.getByRole('region', { name: /Відділення/ }).getByRole('link');
      await expect(branches.first()).toHaveText(/^Бердичів, /);
      for (const link of await branches.all()) await expect(link).toHaveText(/^Бердичів, /);
      await shot(page, testInfo, `search-branches-berdychiv-${name}`);
      await page.goto(`${site.url}/search?query=${encodeURIComponent('ЗАК')}`);
      await expect(
        page
          .getByRole('region', { name: /Аналізи/ })
          .getByRole('link')
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: /Відділення/ }).getByRole('link')).toHaveCount(0);
    });

    test('the city prompt covers no heading, is asked once, and its picker’s field stays put while typing', async ({
      page,
    }, testInfo) => {
      // a first visit without a location: the first city is detected and the prompt asks
      await page.goto(site.url);
      const banner = page.getByRole('region', { name: 'Підтвердження міста' });
      await expect(banner).toContainText('Ваше місто — Київ?');
      const heading = page.getByRole('heading', { level: 1 });
      const [h1, bar] = [await heading.boundingBox(), await banner.boundingBox()];
      if (!h1 || !bar) throw new Error('the heading and the prompt are on screen');
      expect(h1.y + h1.height <= bar.y || bar.y + bar.height <= h1.y).toBe(true);
      await shot(page, testInfo, `city-prompt-${name}`);

      // at the page's end the prompt has its own room: the footer's last line is above it
      // (scrolled again until the page has stopped growing: its sections arrive in reads of their own)
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const footer = await page.getByRole('contentinfo').boundingBox();
          const barAtEnd = await banner.boundingBox();
          if (!footer || !barAtEnd) throw new Error('the footer and the prompt are on screen');
          return footer.y + footer.height - (barAtEnd.y + 1);
        })
        .toBeLessThanOrEqual(0);

      // the picker: its search field does not move while the list shrinks under the typing
      await banner.getByRole('button', { name: 'Ні, обрати інше' }).click();
      const picker = page.getByRole('dialog', { name: 'Оберіть місто' });
      const field = picker.getByLabel('Пошук міста');
      await expect(field).toBeFocused();
      // once the dialog has risen into place (its opening animation)
      await picker.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
      const before = await field.boundingBox();
      await field.pressSequentially('О');
      // a phone's keyboard takes the screen's lower part (about 330 px) while the visitor types
      await page.setViewportSize({ width: viewport.width, height: viewport.height - 330 });
      await field.pressSequentially('де');
      await expect(picker.getByRole('button', { name: 'Одеса' })).toBeVisible();
      const after = await field.boundingBox();
      expect(after?.y).toBe(before?.y);
      await shot(page, testInfo, `city-picker-typing-${name}`);
      await page.keyboard.press('Escape');
      await page.setViewportSize(viewport);

      // not answered, the visitor goes on: the detected city stays, and the question does not follow
      await page.getByRole('main').getByRole('link', { name: 'Усі новини' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Новини та акції' })).toBeVisible();
      await expect(banner).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('cityShown'))).toBe('true');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Новини та акції' })).toBeVisible();
      await expect(page.getByText(/Ваше місто —/)).toHaveCount(0);
    });

    test('/getapp without an app in a store says what the site does instead, and nothing leads there', async ({
      page,
    }, testInfo) => {
      await visit(page, site.url, '/getapp');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Мобільний застосунок' })).toBeVisible();
      await expect(main).toContainText('Мобільного застосунку в нас поки немає');
      await expect(main).not.toContainText('Встановіть');
      await expect(main.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
      await shot(page, testInfo, `getapp-none-${name}`);
      await visit(page, site.url, '/');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('a[href="/getapp"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Мобільний застосунок' })).toHaveCount(0);
    });

    test('an article’s title is its largest heading; a missing page has a title of its own', async ({ page }) => {
      for (const path of ['/about', '/home-visit']) {
        await visit(page, site.url, path);
        const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
        await expect(h1).toBeVisible();
        const size = (locator: Locator) =>
          locator.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
        const h1Size = await size(h1);
        const h2s = page.getByRole('main').locator('article h2');
        await expect(h2s.first()).toBeVisible();
        for (const h2 of await h2s.all()) expect(await size(h2)).toBeLessThan(h1Size);
      }
      const response = await page.goto(`${site.url}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeVisible();
      await expect(page).toHaveTitle(/^Сторінку не знайдено/);
      const html = await (await page.request.get(`${site.url}/no-such-page`)).text();
      expect(html).toMatch(/<title data-head>Сторінку не знайдено/);
    });
  });
}

test.describe('/getapp with the app in both stores (the server’s settings)', () => {
  const apiPort = shifted(5190);
  const appSite = new Site({ basePort: 5250, apiTarget: `http://localhost:${apiPort}` });
  let api: RunningApi | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = await startApi({
      port: apiPort,
      metricsPort: shifted(5191),
      env: { MOBILE_APP_STORE_URL: APP_STORE, MOBILE_GOOGLE_PLAY_URL: GOOGLE_PLAY },
    });
    await appSite.startAll();
  });
  test.afterAll(async () => {
    await appSite.stopAll();
    if (api) await stopApi(api);
  });

  for (const { name, viewport } of VIEWPORTS) {
    test(`at ${name} px: store links, QR codes on a computer, and the way there from the home page`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await visit(page, appSite.url, '/getapp');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Мобільний застосунок' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Завантажити в App Store' })).toHaveAttribute('href', APP_STORE);
      await expect(main.getByRole('link', { name: 'Завантажити в Google Play' })).toHaveAttribute('href', GOOGLE_PLAY);
      const qr = main.getByRole('img', { name: 'QR-код: App Store' });
      if (viewport.width < 768) {
        // a phone is the device the app is for: its store link, no code to scan
        await expect(qr).toBeHidden();
      } else {
        await expect(qr).toBeVisible();
        expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      }
      await shot(page, testInfo, `getapp-stores-${name}`);
      await visit(page, appSite.url, '/');
      await expect(page.getByRole('heading', { name: 'Мобільний застосунок' })).toBeVisible();
      await expect(page.getByRole('contentinfo').locator('a[href="/getapp"]')).toHaveCount(1);
      await page.goto(`${appSite.url}/ru/getapp`);
      await expect(page.getByRole('main').getByRole('link', { name: 'Загрузить в App Store' })).toBeVisible();
    });
  }
});
