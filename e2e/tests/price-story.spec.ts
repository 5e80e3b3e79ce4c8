import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { signInThroughDialog } from '../support/journey';
import { pageJson, setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * What the site says is what happens, at 360 and 1280 px: the price of "Загальний аналіз крові з
 * лейкоцитарною формулою" read in search, in its category and on its page (with the blood draw the
 * cart adds) is the cart's, checkout's and the order's; the /home-visit page and checkout agree on
 * where a nurse comes and at what price, in a city with visits (Київ) and one without (Бердичів).
 * SHOTS_DIR=<folder> keeps a screenshot of each surface.
 */
const site = new Site({ basePort: 5250 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const DEMO_PATIENT = '+380501234567';
const CBC_CODE = '1002';
const SHOTS = process.env.SHOTS_DIR;

type Price = {
  price: { price: number };
  additional?: { price: number; services: Array<{ title: string; price: number }> };
  total?: { price: { price: number } };
};
type Hit = { service: { id: number; slug: string; title: string; code: string; price: Price } };
type Terms = { settlements: Array<{ settlementId: number; title: string; price: number }> };

/** The site's price format: thousands spaced, trailing .00 dropped, "грн". */
const money = (value: number) =>
  `${(Number.isInteger(value) ? String(value) : value.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} грн`;
/** A price as text content (the formatter's spaces may be no-break ones). */
const moneyText = (value: number) => new RegExp(money(value).replace(/\u00a0/g, '[\\s\\u00a0]'));

async function settlementId(title: string): Promise<number> {
  const response = await fetch(`${API_ORIGIN}/api/public/user/branches/enabled/settlements?includePartners=true`);
  const body = (await response.json()) as { settlements: Array<{ id: number; title: string }> };
  const found = body.settlements.find((city) => city.title === title);
  if (!found) throw new Error(`no city ${title}`);
  return found.id;
}

async function blood(settlement: number): Promise<Hit['service']> {
  const response = await fetch(`${API_ORIGIN}/api/public/search/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId: settlement, query: CBC_CODE, types: ['services'], size: 5 }),
  });
  const body = (await response.json()) as { groups: Array<{ items: { content: Hit[] } }> };
  const hit = body.groups[0]?.items.content.find((entry) => entry.service.code === CBC_CODE);
  if (!hit) throw new Error('no blood count');
  return hit.service;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('one price from search to the order; the home-visit page and checkout agree', async ({ page }) => {
      test.setTimeout(180_000);
      const kyiv = await settlementId('Київ');
      const berdychiv = await settlementId('Бердичів');
      const cbc = await blood(kyiv);
      const draw = cbc.price.additional?.services[0];
      const total = cbc.price.total?.price.price ?? 0;
      expect(draw?.price).toBeGreaterThan(0);
      expect(total).toBe(cbc.price.price.price + (draw?.price ?? 0));
      const fee = `+ ${money(cbc.price.additional?.price ?? 0)} за взяття біоматеріалу`.replace(/\u00a0/g, ' ');

      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);

      // the header's live search: the row's price and the sampling the cart adds
      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: 'Пошук аналізів' }).click();
      await page.getByRole('combobox', { name: 'Назва або код аналізу' }).fill(CBC_CODE);
      const option = page.getByRole('dialog', { name: 'Пошук' }).getByRole('option').filter({ hasText: cbc.title });
      await expect(option.first()).toContainText(moneyText(cbc.price.price.price));
      await expect(option.first()).toContainText(fee);
      await shot(page, 'search-dropdown');
      await page.keyboard.press('Escape');

      // the search page: the same on its row
      await page.goto(`${site.url}/search?query=${CBC_CODE}`);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: cbc.title, exact: true }) });
      await expect(row.first()).toContainText(moneyText(cbc.price.price.price));
      await expect(row.first()).toContainText(fee);
      await shot(page, 'search');

      // its category: the same on the card
      await page.goto(`${site.url}/analyzes/complete-blood-count`);
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: cbc.title, exact: true }) });
      await expect(card.first()).toContainText(moneyText(cbc.price.price.price));
      await expect(card.first()).toContainText(fee);
      await shot(page, 'category');

      // its page: the analysis, the blood draw, the total of a cart holding only it
      await page.goto(`${site.url}/analysis/${cbc.slug}`);
      const buy = page.getByRole('complementary', { name: 'Ціна та замовлення' });
      await expect(buy).toContainText(moneyText(total));
      await expect(buy).toContainText(draw?.title ?? 'no draw');
      await expect(page.getByRole('region', { name: 'Додаткові послуги' })).toContainText(moneyText(draw?.price ?? 0));
      await shot(page, 'analysis');
      await page.getByRole('button', { name: `До кошика: ${cbc.title}`, exact: true }).click();
      await expect(page.getByRole('link', { name: `У кошику: ${cbc.title}` })).toBeVisible();

      // the cart: the same two lines, the same sum before the online discount
      await page.goto(`${site.url}/cart`);
      await expect(page.getByRole('heading', { level: 1, name: 'Кошик' })).toBeVisible();
      const totals = page.getByRole('complementary', { name: 'Разом' });
      await expect(totals).toContainText(moneyText(total));
      await expect(page.getByRole('listitem').filter({ hasText: draw?.title ?? 'no draw' })).toContainText(
        moneyText(draw?.price ?? 0),
      );
      await shot(page, 'cart');

      // checkout, paying at the branch (no online discount): the order costs the page's total
      await page.getByRole('link', { name: 'Оформити замовлення' }).click();
      await signInThroughDialog(page, DEMO_PATIENT);
      await expect(page.getByRole('heading', { name: 'Для кого замовлення' })).toBeVisible();
      const cart = await pageJson<{ items: Array<{ serviceId: number }> }>(
        page,
        `/api/private/cart/carts?settlementId=${kyiv}`,
      );
      // the patient's own cart may hold lines of earlier journeys: keep only the blood count
      const others = cart.body.items.map((item) => item.serviceId).filter((id) => id !== cbc.id);
      if (others.length > 0) {
        await pageJson(page, `/api/private/cart/carts/remove?settlementId=${kyiv}`, {
          method: 'POST',
          body: { serviceIds: others },
        });
        await page.reload();
      }
      const summary = page.getByRole('complementary', { name: 'Ваше замовлення' });
      await expect(summary).toContainText(moneyText(cbc.price.price.price));
      await expect(summary).toContainText(moneyText(draw?.price ?? 0));

      // the home visit where the data says, at the page's price
      const terms = (await (await fetch(`${API_ORIGIN}/api/public/order/home-visit/terms`)).json()) as Terms;
      const kyivVisit = terms.settlements.find((s) => s.settlementId === kyiv);
      expect(kyivVisit).toBeDefined();
      const home = page.getByRole('radio', { name: /Виклик медсестри додому/ });
      await expect(home).toBeEnabled();
      await expect(
        page.getByText(`Вартість виїзду ${money(kyivVisit?.price ?? 0)}`.replace(/\u00a0/g, ' ')),
      ).toBeVisible();
      await shot(page, 'checkout-kyiv');

      // where: a branch; how to pay: at the branch (both choices are named "У відділенні")
      await page
        .getByRole('radio', { name: /У відділенні/ })
        .first()
        .check();
      await page.getByRole('combobox', { name: 'Відділення' }).click();
      await page.getByRole('option').first().click();
      await page
        .getByRole('radio', { name: /У відділенні/ })
        .last()
        .check();
      await page.getByRole('checkbox', { name: /публічного договору/ }).check();
      await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
      await expect(summary).toContainText(moneyText(total));
      const created = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/api/private/order/orders'),
      );
      await page.getByRole('button', { name: /^Оформити/ }).click();
      const order = (await (await created).json()) as {
        totalPrice: number;
        items: Array<{ code: string; price: number }>;
        additionalServices: Array<{ title: string; price: number }>;
      };
      expect(order.totalPrice).toBe(total);
      expect(order.items.map((item) => [item.code, item.price])).toEqual([[CBC_CODE, cbc.price.price.price]]);
      expect(order.additionalServices.map((item) => item.price)).toEqual([draw?.price]);
      await shot(page, 'confirmation');

      // the /home-visit page: Київ at that price, no Бердичів
      await page.goto(`${site.url}/home-visit`);
      const prices = page.locator('[data-home-visit-prices]');
      await expect(prices).toContainText(`Київ — ${money(kyivVisit?.price ?? 0)}`.replace(/\u00a0/g, ' '));
      await expect(prices).not.toContainText('Бердичів');
      await expect(page.getByRole('main')).not.toContainText('км');
      await shot(page, 'home-visit');

      // checkout in Бердичів: the home choice says there are no visits
      await pageJson(page, `/api/private/cart/carts/add?settlementId=${berdychiv}`, {
        method: 'POST',
        body: { serviceIds: [cbc.id] },
      });
      await setCity(page, berdychiv);
      await page.goto(`${site.url}/checkout`);
      await expect(page.getByRole('radio', { name: /Виклик медсестри додому/ })).toBeDisabled();
      await expect(page.getByText('У місті Бердичів виїзд медсестри недоступний')).toBeVisible();
      await shot(page, 'checkout-berdychiv');

      // the same story in Russian
      await setCity(page, kyiv);
      await page.goto(`${site.url}/ru/analysis/${cbc.slug}`);
      const buyRu = page.getByRole('complementary', { name: 'Цена и заказ' });
      await expect(buyRu).toContainText('Итого');
      await expect(buyRu).toContainText(moneyText(total));
      await expect(buyRu).toContainText('один раз на заказ');
      await shot(page, 'ru-analysis');
      await page.goto(`${site.url}/ru/analyzes/complete-blood-count`);
      await expect(page.getByText('за взятие биоматериала').first()).toBeVisible();
      await shot(page, 'ru-category');
      await page.goto(`${site.url}/ru/home-visit`);
      await expect(page.locator('[data-home-visit-prices]')).toContainText(
        `Киев — ${money(kyivVisit?.price ?? 0)}`.replace(/\u00a0/g, ' '),
      );
      await expect(page.getByRole('main')).toContainText('воскресенье: выходной');
      await shot(page, 'ru-home-visit');
    });
  });
}
