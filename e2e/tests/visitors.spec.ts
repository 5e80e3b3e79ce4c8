import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { signIn } from '../support/journey';
import { setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * What visitors, patients and doctors noticed (docs/product.md#cart, #errors and #constants): the cart counts what was chosen
 * and reads the catalogue's prices with the online discount as one named line, an order whose payment
 * failed can be paid on the spot, all seven order states in the demo, and the dynamics chart's time.
 */
const site = new Site({ basePort: 4300 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const DEMO_PATIENT = '+380501234567';
const DEMO_DOCTOR = '+380671234567';

/** The site's link colour (the --color-link token), for comparing with a link on the page. */
const linkColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-link)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

/** A screenshot kept with the run's results (and in SHOTS_DIR when set), to be looked at. */
async function shot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  const path = process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, `${name}.png`) : undefined;
  const body = part ? await part.screenshot({ path }) : await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

type Settlements = { settlements: Array<{ id: number; title: string }> };
type ServiceInfo = { id: number; title: string; price: { price: { price: number } } | null };

async function kyiv(page: Page): Promise<number> {
  const list = (await (
    await page.request.get(`${API_ORIGIN}/api/public/user/branches/enabled/settlements`)
  ).json()) as Settlements;
  return list.settlements.find((city) => city.title === 'Київ')?.id ?? list.settlements[0]?.id ?? 1;
}

test.describe('a guest on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the cart counts the chosen analysis, not the blood draw, and shows the catalogue price with the online discount named', async ({
    page,
  }, testInfo) => {
    await page.goto(site.url);
    const city = await kyiv(page);
    await setCity(page, city);
    const ferritin = (await (
      await page.request.get(`${API_ORIGIN}/api/public/service/services/infos/slug/ferytyn?settlementId=${city}`)
    ).json()) as ServiceInfo;
    const catalogue = ferritin.price?.price.price ?? 0;
    expect(catalogue).toBeGreaterThan(0);

    await page.goto(`${site.url}/analysis/ferytyn`);
    await page.getByRole('button', { name: 'До кошика: Феритин' }).click();
    // one analysis chosen; the blood draw it brings is listed in the cart, not counted
    await expect(page.getByRole('link', { name: 'Кошик, послуг: 1' })).toBeVisible();

    await page.getByRole('link', { name: 'Кошик, послуг: 1' }).hover();
    const panel = page.getByRole('region', { name: 'Вміст кошика' });
    await expect(panel).toBeVisible();
    const line = panel.getByRole('listitem').filter({ hasText: 'Феритин' });
    await expect(line).toContainText(`${catalogue} грн`.replace(/\.00 /, ' '));
    await expect(panel.getByText('додається автоматично')).toBeVisible();
    await expect(panel.locator('[data-row="online"]')).toContainText('Знижка за онлайн-оплату, 5 %');

    await page.goto(`${site.url}/cart`);
    const summary = page.getByRole('complementary', { name: 'Разом' });
    await expect(summary.locator('[data-row="online"]')).toContainText('Знижка за онлайн-оплату, 5 %');
    await expect(page.getByRole('region', { name: 'Додається автоматично' })).toContainText('Взяття');
    await shot(page, testInfo, 'cart-1280');
  });

  test('the cart dropdown with many lines keeps its total and the way to the cart in view', async ({ page }) => {
    await page.goto(site.url);
    const city = await kyiv(page);
    await setCity(page, city);
    const list = (await (
      await page.request.post(`${API_ORIGIN}/api/public/service/services/infos/settlements?page=0&size=14`, {
        data: { settlementId: city, query: 'а', sort: 'group', showOnSite: true },
      })
    ).json()) as { content: ServiceInfo[] };
    const cart = (await (await page.request.post(`${API_ORIGIN}/api/public/cart/carts`, { data: {} })).json()) as {
      id: string;
    };
    const add = await page.request.post(`${API_ORIGIN}/api/public/cart/carts/${cart.id}/add?settlementId=${city}`, {
      data: { serviceIds: list.content.map((service) => service.id) },
    });
    expect(add.ok()).toBe(true);
    await page.evaluate((id) => window.localStorage.setItem('cartId', JSON.stringify(id)), cart.id);
    await page.reload();
    const link = page.getByRole('link', { name: /^Кошик, послуг: \d+/ });
    await link.hover();
    const panel = page.getByRole('region', { name: 'Вміст кошика' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    expect(await panel.getByRole('listitem').count()).toBeGreaterThan(10);
    await expect(panel.getByRole('link', { name: 'Перейти до кошика' })).toBeInViewport();
    await expect(panel.locator('[data-row="total"]')).toBeInViewport();
  });
});

test.describe('the demo patient', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sees every order state over more than one page, and pays a failed order at the branch instead', async ({
    page,
  }, testInfo) => {
    await signIn(page, site.url, DEMO_PATIENT);
    await page.goto(`${site.url}/account/orders`);
    const cards = page.getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await page.getByRole('radio', { name: 'За весь час' }).check();
    const more = page.getByRole('button', { name: 'Показати ще' });
    while (await more.isVisible()) {
      const before = await cards.count();
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    expect(await cards.count()).toBeGreaterThan(10);
    for (const state of [
      'Очікуємо у відділенні',
      'Очікує результатів',
      'Результати готові',
      'Замовлення оплачено',
      'Оплачено у відділенні',
      'Очікує оплати',
      'Остання оплата не пройшла',
    ]) {
      await expect(cards.filter({ hasText: state }).first()).toBeVisible();
    }

    const failed = cards.filter({ hasText: 'Остання оплата не пройшла' }).first();
    const number = (await failed.getByRole('heading').textContent())?.replace(/\D/g, '') ?? '';
    await expect(failed.getByRole('button', { name: /^Оплатити знову/ })).toBeVisible();
    await shot(page, testInfo, 'orders-failed-payment-1280');
    await failed.getByRole('button', { name: /^Оплатити у відділенні/ }).click();
    const same = cards.filter({ has: page.getByRole('heading', { name: new RegExp(`№\\s${number}$`) }) });
    await expect(same).toContainText('Очікуємо у відділенні');
    await expect(same).toContainText('Готівкою у відділенні');
    await expect(same.getByRole('button', { name: /^Оплатити знову/ })).toHaveCount(0);
  });
});

test.describe('account lists at phone and desktop widths', () => {
  test('the search hints are whole at 360 px; more than 20 referrals page; patient names are links in the site colour', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, site.url, DEMO_PATIENT);
    await page.goto(`${site.url}/account/orders`);
    const search = page.getByRole('searchbox', { name: 'Пошук замовлень' });
    await expect(search).toHaveAccessibleDescription('За номером замовлення, аналізом або пацієнтом');
    const hint = page.getByText('За номером замовлення, аналізом або пацієнтом');
    expect(await hint.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, testInfo, 'orders-360');

    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, site.url, DEMO_DOCTOR);
    await page.goto(`${site.url}/account/patients`);
    await page.getByRole('radio', { name: 'За весь час' }).check();
    const cards = page.getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Показати ще' })).toBeVisible();
    const patient = cards.first().getByRole('link', { name: /Ткаченко|Шевчук|Бойко/ });
    await expect(patient).toBeVisible();
    const colour = await patient.evaluate((element) => getComputedStyle(element).color);
    expect(colour).toBe(await linkColour(page));
    expect(colour).not.toBe('rgb(0, 0, 238)'); // the browser's default blue
    await shot(page, testInfo, 'referrals-1280');
  });
});

test.describe('the dynamics chart', () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px spaces readings by date, marks this order's reading and keeps every label clear`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 860 });
      await signIn(page, site.url, DEMO_PATIENT);
      // Олена's latest order with a blood count and its results (other journeys may have added orders)
      const list = await page.evaluate(async () => {
        const response = await fetch(
          '/api/private/admin-app/registries/self?customer-type=patient&on-site=true&size=100',
          {
            credentials: 'include',
          },
        );
        return (await response.json()) as {
          content: Array<{
            registryId: number | null;
            state: string;
            patient: { firstName: string };
            items: Array<{ title: string }>;
          }>;
        };
      });
      const order = list.content.find(
        (candidate) =>
          candidate.state === 'results-ready' &&
          candidate.patient.firstName === 'Олена' &&
          candidate.items.some((item) => item.title.startsWith('Загальний аналіз крові')),
      );
      expect(order?.registryId).toBeTruthy();
      await page.goto(`${site.url}/account/results/${order?.registryId}`);
      await expect(page.getByTestId('results-table')).toBeVisible();
      await shot(page, testInfo, `results-${width}`);

      await page.getByRole('button', { name: 'Динаміка: Гемоглобін' }).click();
      const dialog = page.getByRole('dialog', { name: 'Динаміка: Гемоглобін' });
      const chart = dialog.getByTestId('dynamics-chart');
      await expect(chart).toBeVisible();
      const points = dialog.getByTestId('dynamics-point');
      expect(await points.count()).toBeGreaterThanOrEqual(3);
      await expect(dialog.locator('[data-testid="dynamics-point"][data-current]')).toHaveCount(1);
      await shot(page, testInfo, `chart-${width}`, dialog);

      const geometry = await chart.evaluate((svg) => {
        const box = (element: Element) => element.getBoundingClientRect();
        const dots = [...svg.querySelectorAll('[data-testid="dynamics-point"]')].map((group) => {
          const mark = group.querySelector('circle:not([r="11"]), path') as SVGGraphicsElement;
          const title = group.querySelector('title')?.textContent ?? '';
          const [day, month, year] = (title.match(/^(\d{2})\.(\d{2})\.(\d{4})/) ?? []).slice(1).map(Number);
          const b = box(mark);
          return { x: b.x + b.width / 2, time: Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) };
        });
        const values = [...svg.querySelectorAll('[data-testid="dynamics-point"] text')].map((text) => {
          const b = box(text);
          return { x: b.x, y: b.y, w: b.width, h: b.height };
        });
        const band = svg.querySelector('[data-testid="reference-band"] text');
        const b = band ? box(band) : null;
        const line = svg.querySelector('path[class*="line"]');
        return {
          dots,
          values,
          band: b ? { x: b.x, y: b.y, w: b.width, h: b.height } : null,
          lineBox: line ? box(line) : null,
        };
      });
      // x follows time: the gap between readings is proportional to the days between them
      const { dots } = geometry;
      const first = dots[0];
      const last = dots.at(-1);
      if (!first || !last) throw new Error('no points');
      const pxPerMs = (last.x - first.x) / (last.time - first.time);
      for (const dot of dots) expect(Math.abs(first.x + (dot.time - first.time) * pxPerMs - dot.x)).toBeLessThan(3);
      // the norm label sits clear of every value label and of the plotted line
      const overlap = (
        a: { x: number; y: number; w: number; h: number },
        b: { x: number; y: number; w: number; h: number },
      ) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      const band = geometry.band;
      expect(band).not.toBeNull();
      for (const value of geometry.values) {
        if (band) expect(overlap(value, band)).toBe(false);
        for (const other of geometry.values) if (other !== value) expect(overlap(value, other)).toBe(false);
      }
      if (band && geometry.lineBox) expect(band.y + band.h).toBeLessThanOrEqual(geometry.lineBox.y + 1);
    });
  }
});
