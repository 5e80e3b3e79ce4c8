import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * Menus, content pages and the catalogue's first view (docs/product.md#routes): the desktop menu under hover and
 * click, the mobile menu's links, every menu link opening a page, the equipment page, contacts as people
 * read them, the server-sent head of every catalogue route, and a sort that survives Back.
 */
const site = new Site({ basePort: 4400 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

type MenuItem = { title: string | null; href: string | null; children: MenuItem[] };
type Menus = Array<{ type: 'header' | 'footer'; items: MenuItem[] }>;

/** A screenshot kept with the run's results (and in SHOTS_DIR when set), to be looked at. */
async function shot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  const path = process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, `${name}.png`) : undefined;
  const body = part ? await part.screenshot({ path }) : await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function firstCity(page: Page): Promise<number> {
  const list = (await (
    await page.request.get(`${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count`)
  ).json()) as { settlements: Array<{ id: number }> };
  return list.settlements[0]?.id ?? 1;
}

/** A first visit that has picked its city: no banner over the page. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(site.url);
  await setCity(page, await firstCity(page));
  await page.goto(`${site.url}${path}`);
  // the app's own page, not the server's first view of it (whose controls only keep a tap for later)
  await expect(page.locator('main [data-page-preview]')).toHaveCount(0, { timeout: 30_000 });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a menu item opened by hover stays open on the click that follows; a second click, Escape or outside closes it', async ({
    page,
  }) => {
    await visit(page, '/');
    const nav = page.getByRole('navigation', { name: 'Головне меню' });
    const analyses = nav.getByRole('button', { name: 'Аналізи' });
    // as a person does: the pointer rests on the item, then clicks
    await analyses.hover();
    await expect(analyses).toHaveAttribute('aria-expanded', 'true');
    await page.waitForTimeout(300);
    await analyses.click();
    await expect(analyses).toHaveAttribute('aria-expanded', 'true');
    // the pointer leaving keeps an item the click opened
    await page.mouse.move(600, 600);
    await expect(analyses).toHaveAttribute('aria-expanded', 'true');
    await analyses.click();
    await expect(analyses).toHaveAttribute('aria-expanded', 'false');

    await analyses.click();
    await expect(analyses).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(analyses).toHaveAttribute('aria-expanded', 'false');
    await expect(analyses).toBeFocused();

    const packages = nav.getByRole('button', { name: 'Комплекси' });
    await packages.click();
    await expect(packages).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(640, 700);
    await expect(packages).toHaveAttribute('aria-expanded', 'false');

    // the keyboard's disclosure pattern as before: Enter opens, Enter closes
    await packages.focus();
    await page.keyboard.press('Enter');
    await expect(packages).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(packages).toHaveAttribute('aria-expanded', 'false');
  });

  test('every link of the header and footer menus opens a page, never the not-found view', async ({ page }) => {
    const menus = (await (
      await page.request.get(`${API_ORIGIN}/api/public/content/menus/infos/enabled?types=header,footer`)
    ).json()) as Menus;
    const hrefs = new Set<string>();
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        if (item.title && item.href?.startsWith('/')) hrefs.add(item.href);
        walk(item.children);
      }
    };
    for (const menu of menus) walk(menu.items);
    expect(hrefs).toContain('/equipment');
    await visit(page, '/');
    for (const href of hrefs) {
      await page.goto(`${site.url}${href}`);
      await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }), href).toHaveCount(0);
    }
  });

  test('the equipment page: heading, crumb, every device with its picture, name, maker and description; its head', async ({
    page,
  }, testInfo) => {
    const devices = (await (
      await page.request.get(`${API_ORIGIN}/api/public/content/equipments/enabled`)
    ).json()) as Array<{
      title: string;
      manufacturer: string | null;
      description: string;
    }>;
    expect(devices.length).toBeGreaterThan(0);
    await visit(page, '/equipment');
    await expect(page.getByRole('heading', { level: 1, name: 'Обладнання лабораторії' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Навігаційний ланцюжок' })).toContainText(
      'Обладнання лабораторії',
    );
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(devices.length);
    for (const device of devices) {
      const card = cards.filter({ has: page.getByRole('heading', { name: device.title, exact: true }) });
      await expect(card.getByRole('img')).toBeVisible();
      if (device.manufacturer) await expect(card).toContainText(device.manufacturer);
      await expect(card).toContainText(device.description);
    }
    await expect(page).toHaveTitle(/^Обладнання лабораторії/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/equipment`);
    await shot(page, testInfo, 'equipment-1280');

    await page.goto(`${site.url}/ru/equipment`);
    await expect(page.getByRole('heading', { level: 1, name: 'Оборудование лаборатории' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/ru/equipment`);
  });

  test('branch phones read as the site writes phones, in its link colour, and dial as stored', async ({
    page,
  }, testInfo) => {
    await visit(page, '/contacts');
    const phone = page.locator('a[href^="tel:+380"]').first();
    await expect(phone).toBeVisible();
    await expect(phone).toHaveText(/^(Телефон: )?\+38 \(0\d{2}\) \d{3}-\d{2}-\d{2}$/);
    const colours = await page.evaluate(() => {
      const link = document.querySelector('a[href^="tel:+380"]') as HTMLElement;
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-link)';
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { link: getComputedStyle(link).color, expected };
    });
    expect(colours.link).toBe(colours.expected);
    expect(colours.link).not.toBe('rgb(0, 0, 238)'); // the browser's default blue
    await shot(page, testInfo, 'contacts-1280');
  });

  test('the home page makes one claim about the network, taken from the city list', async ({ page }) => {
    const list = (await (
      await page.request.get(`${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count`)
    ).json()) as { settlements: unknown[]; branchCount: number };
    const claim = `Аналізи онлайн у ${list.branchCount} відділеннях у ${list.settlements.length} містах України`;
    const html = await (await page.request.get(`${site.url}/`)).text();
    expect(html).toContain(claim);
    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(claim);
    await expect(page.getByText(/відділень у \d+ містах/)).toHaveCount(0);
  });

  test('a chosen sort survives opening an analysis and going back, a reload and a shared link', async ({ page }) => {
    await visit(page, '/analyzes/biochemistry');
    const sort = page.getByRole('combobox', { name: 'Сортування' });
    await sort.click();
    await page.getByRole('option', { name: 'Спочатку дорожчі' }).click();
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    const first = page.getByRole('article').first().getByRole('heading');
    await expect.poll(async () => (await first.textContent()) ?? '').not.toBe('');
    const top = await first.textContent();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/analysis\//);
    await page.goBack();
    await expect(sort).toHaveText(/Спочатку дорожчі/);
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(top ?? '');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Сортування' })).toHaveText(/Спочатку дорожчі/);
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(top ?? '');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a menu item without children is one tap to its page and closes the sidebar; only items with children are sections', async ({
    page,
  }, testInfo) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Відкрити меню' }).click();
    const sidebar = page.getByRole('dialog');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Аналізи' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Відділення' })).toHaveCount(0);
    await shot(page, testInfo, 'mobile-menu-360', sidebar);
    await sidebar.getByRole('link', { name: 'Відділення', exact: true }).click();
    await expect(page).toHaveURL(`${site.url}/contacts`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the equipment and contacts pages at 360 px', async ({ page }, testInfo) => {
    await visit(page, '/equipment');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, testInfo, 'equipment-360');
    await page.goto(`${site.url}/contacts`);
    await expect(page.locator('a[href^="tel:+380"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, testInfo, 'contacts-360');
  });
});

test.describe('the first view of every catalogue page is its own', () => {
  for (const path of [
    '/analyzes',
    '/analyzes/biochemistry',
    '/analysis/ferytyn',
    '/ru/analyzes',
    '/ru/analysis/ferytyn',
  ]) {
    test(`${path}: the server's head is the head the page writes once its scripts ran`, async ({ page }) => {
      // what a crawler reads: the HTML alone, asked for without a cookie
      const raw = await (await page.request.get(`${site.url}${path}`)).text();
      await page.goto(`${site.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      /** The managed head (title, meta, canonical, structured data) of a document, as sorted tags. */
      const headOf = (html: string | null) =>
        page.evaluate((source) => {
          const doc = source === null ? document : new DOMParser().parseFromString(source, 'text/html');
          return Array.from(doc.querySelectorAll('head [data-head]'), (element) =>
            element.outerHTML.replace(/\s+data-head(="")?/, ''),
          )
            .filter((tag) => !tag.startsWith('<base'))
            .sort();
        }, html);
      const served = await headOf(raw);
      // the page's own title, not the site's default
      expect(served.find((tag) => tag.startsWith('<title>'))).not.toContain('Медична лабораторія — аналізи онлайн');
      expect(served.some((tag) => tag.includes('"BreadcrumbList"'))).toBe(true);
      await expect.poll(() => headOf(null)).toEqual(served);

      if (path.includes('/analysis/')) {
        const data = served
          .filter((tag) => tag.startsWith('<script type="application/ld+json">'))
          .map((tag) => JSON.parse(tag.replace(/^<script[^>]*>|<\/script>$/g, '')) as { offers?: { price: unknown } })
          .find((entry) => entry.offers);
        const price = data?.offers?.price;
        expect(typeof price).toBe('number');
        const shown = Number.isInteger(price) ? String(price) : (price as number).toFixed(2);
        const aside = (await page.getByRole('complementary').first().textContent()) ?? '';
        expect(aside.replace(/\s/g, '')).toContain(`${shown}грн`);
      }
    });
  }
});
