import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * An order as a patient lives it, at 360 and 1280 px: what the site says about the order is what
 * happens to it. A promo code is said to apply only where it takes something off, never on top of a
 * sale price, and its news item shows the code's own days, scope and rule.
 * SHOTS_DIR=<folder> keeps a screenshot of each surface.
 */
const site = new Site({ basePort: 5400 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const SHOTS = process.env.SHOTS_DIR;
const CBC_CODE = '1002';
const MEN_CHECKUP_CODE = 'K-201';
const CHECKUP_NEWS = '/news/checkup-dlia-cholovikiv-zi-znyzhkoiu-20';

type Line = { serviceId: number; price: number; initialPrice: number; originalPrice: number };
type Totals = {
  original: number;
  otherDiscounts: number;
  onlineDiscount: number;
  promoDiscount: number;
  totalPrice: number;
};
type Cart = { id: string; items: Line[]; additionalItems: Line[]; totals: { online: Totals } };

/** The site's price format: thousands spaced, trailing .00 dropped, "грн". */
const money = (value: number) =>
  `${(Number.isInteger(value) ? String(value) : value.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} грн`;

async function api<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(`${API_ORIGIN}/api/public${path}`, {
    method: init?.method ?? 'GET',
    headers: init ? { 'content-type': 'application/json' } : undefined,
    body: init ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function settlementId(title: string): Promise<number> {
  const body = await api<{ settlements: Array<{ id: number; title: string }> }>(
    '/user/branches/enabled/settlements?includePartners=true',
  );
  const found = body.settlements.find((city) => city.title === title);
  if (!found) throw new Error(`no city ${title}`);
  return found.id;
}

async function serviceId(settlement: number, code: string): Promise<number> {
  const body = await api<{ groups: Array<{ items: { content: Array<{ service: { id: number; code: string } }> } }> }>(
    '/search/search',
    {
      method: 'POST',
      body: { settlementId: settlement, query: code, types: ['services', 'service-packages'], size: 5 },
    },
  );
  const hit = body.groups.flatMap((group) => group.items.content).find((entry) => entry.service.code === code);
  if (!hit) throw new Error(`no service ${code}`);
  return hit.service.id;
}

const newCart = (settlement: number, ids: number[]) =>
  api<Cart>(`/cart/carts?settlementId=${settlement}`, { method: 'POST', body: { serviceIds: ids } });

async function useCart(page: Page, id: string) {
  await page.evaluate((cart) => window.localStorage.setItem('cartId', JSON.stringify(cart)), id);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function applyCode(page: Page, code: string) {
  const summary = page.getByRole('complementary', { name: 'Разом' });
  await summary.getByLabel('Промокод', { exact: true }).fill(code);
  await summary.getByRole('button', { name: 'Застосувати' }).click();
  return summary;
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('CHECKUP20 is said to apply only where it takes something off, never on top of a sale; its news item shows the code’s terms', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const kyiv = await settlementId('Київ');
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);

      // a blood count alone: outside the code's scope, the cart charges what it charges without the code
      const plain = await newCart(kyiv, [await serviceId(kyiv, CBC_CODE)]);
      await useCart(page, plain.id);
      await page.goto(`${site.url}/cart`);
      let summary = await applyCode(page, 'CHECKUP20');
      await expect(summary.getByRole('status')).toHaveText('Промокод CHECKUP20 не знижує вартість цього кошика');
      await expect(summary).not.toContainText('застосовано');
      await expect(summary).not.toContainText('Діє знижка за промокодом');
      await expect(summary).toContainText(
        'Промокод не діє на жодну послугу в кошику, тому ціни вказано зі знижкою 5 % за онлайн-оплату.',
      );
      await expect(summary).toContainText('Промокод CHECKUP20: знижка 20 % на «Check-up для чоловіків».');
      await expect(summary).toContainText(`До сплати${money(plain.totals.online.totalPrice)}`);
      await shot(page, 'promo-cbc');

      // the men's basic Check-up on sale: 20 % off its list price or the sale, the larger saving, never both
      const checkup = await newCart(kyiv, [await serviceId(kyiv, MEN_CHECKUP_CODE)]);
      const line = checkup.items[0] as Line;
      expect(line.initialPrice).toBeLessThan(line.originalPrice);
      const promoPrice = Math.round(line.originalPrice * 80) / 100;
      expect(promoPrice).toBeLessThan(line.initialPrice);
      const extras = checkup.additionalItems.reduce((sum, extra) => sum + extra.price * 100, 0) / 100;
      await useCart(page, checkup.id);
      await page.goto(`${site.url}/cart`);
      summary = await applyCode(page, 'CHECKUP20');
      await expect(summary.getByRole('status')).toHaveText('Промокод CHECKUP20 застосовано: знижка 20 %');
      await expect(summary).toContainText(
        `Знижка за промокодом CHECKUP20, 20 %−${money(Math.round((line.originalPrice - promoPrice) * 100) / 100)}`,
      );
      await expect(summary).not.toContainText('Акційні знижки');
      await expect(summary).toContainText(`До сплати${money(Math.round((promoPrice + extras) * 100) / 100)}`);
      await expect(summary).toContainText('Знижка не сумується з іншими акціями');
      await shot(page, 'promo-checkup');

      // the news item: the code's own days, value, scope and rule, in Ukrainian and Russian
      await page.goto(`${site.url}${CHECKUP_NEWS}`);
      const article = page.getByRole('article', { name: 'Check-up для чоловіків зі знижкою за промокодом' });
      await expect(article).toContainText('Промокод CHECKUP20: знижка 20 % на «Check-up для чоловіків».');
      await expect(article).toContainText('Діє до 31.12.2030 включно.');
      await expect(article).toContainText('Знижка не сумується з іншими акціями');
      await expect(article).not.toContainText('До 30 листопада');
      await shot(page, 'promo-news');
      await page.goto(`${site.url}/ru${CHECKUP_NEWS}`);
      const ru = page.getByRole('article', { name: 'Check-up для мужчин со скидкой по промокоду' });
      await expect(ru).toContainText('Действует до 31.12.2030 включительно.');
      await expect(ru).not.toContainText('До 30 ноября');
    });
  });
}
