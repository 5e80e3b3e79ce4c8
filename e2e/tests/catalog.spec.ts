import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/journey';
import { catalogueSearchButton } from '../support/page';
import { Site } from '../support/site';

const site = new Site({ basePort: 3600 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());
test.use({ viewport: { width: 1280, height: 900 } });

/** Opens the header's search modal and types; the live results follow the 500 ms debounce. */
async function search(page: Page, text: string) {
  await page.getByRole('button', { name: 'Пошук аналізів' }).click();
  const input = page.getByRole('combobox', { name: 'Назва або код аналізу' });
  await expect(input).toBeFocused();
  await input.fill(text);
  return input;
}

const options = (page: Page) => page.getByRole('dialog', { name: 'Пошук' }).getByRole('option');

test('search from the header by Cyrillic name, by code and with a typo; open a result; add it to the cart', async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // by name: the live results, with prices and the totals chips
  const input = await search(page, 'феритин');
  await expect(options(page).first()).toContainText('Феритин');
  await expect(options(page).first()).toContainText('грн');
  await expect(page.getByRole('navigation', { name: 'Усі результати за групами' }).getByRole('link')).toHaveCount(3);

  // by code
  await input.fill('1002');
  await expect(options(page).first()).toContainText('Загальний аналіз крові з лейкоцитарною формулою');

  // with a typo
  await input.fill('гемоглабін');
  await expect(options(page).first()).toContainText('Гемоглобін');

  // nothing found: the two-line message
  await input.fill('жжжжжжжж');
  await expect(page.getByText('За запитом «жжжжжжжж» нічого не знайдено')).toBeVisible();

  // open a result: its page, and the history remembers it
  await input.fill('феритин');
  await options(page)
    .filter({ hasText: /^Феритин/ })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Феритин' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навігаційний ланцюжок' })).toContainText('Феритин');
  const history = JSON.parse((await page.evaluate(() => localStorage.getItem('searchHistory'))) ?? '[]');
  expect(history[0]).toMatchObject({ title: 'Феритин', category: 'services' });

  // the structured data a search engine reads
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('\n')).toContain('"priceCurrency":"UAH"');

  // add to the cart: a guest cart is created and the header's count changes
  await expect(page.getByRole('link', { name: 'Кошик', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'До кошика: Феритин' }).click();
  await expect(page.getByRole('link', { name: 'У кошику: Феритин' })).toBeVisible();
  // the analysis and the blood draw it brings along (additionalItems)
  await expect(page.getByRole('link', { name: /^Кошик, послуг: [1-9]/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cartId'))).toMatch(/[0-9a-f-]{36}/);

  // the history shows for an empty input
  await search(page, '');
  await expect(page.getByRole('heading', { name: 'Ви шукали' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Феритин/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the modal by keyboard alone; the chip leads to the results page', async ({ page }) => {
  await page.goto(`${site.url}/contacts`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the catalogue's own button: the shell's stand-in before it keeps a tap for it, but is replaced when it arrives
  const opener = catalogueSearchButton(page);
  await expect(opener).toBeVisible();
  await opener.focus();
  await page.keyboard.press('Enter');
  const input = page.getByRole('combobox', { name: 'Назва або код аналізу' });
  await expect(input).toBeFocused();
  await page.keyboard.type('кров');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options(page).nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? '');
  const title = ((await second.locator('span').first().textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Escape closes and gives focus back to the opener
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();

  // a totals chip goes to the results page at its group, with the query set
  await opener.click();
  await input.fill('кров');
  await page
    .getByRole('navigation', { name: 'Усі результати за групами' })
    .getByRole('link', { name: /Аналізи/ })
    .click();
  await expect(page).toHaveURL(/\/search\?query=%D0%BA%D1%80%D0%BE%D0%B2#services$/);
  await expect(page.getByRole('searchbox', { name: 'Назва або код аналізу' })).toHaveValue('кров');
  await expect(page.locator('section#services')).toBeVisible();
  await expect(page.locator('section#services').getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the catalogue, a category paged to its end, and its filters', async ({ page }) => {
  await page.goto(`${site.url}/analyzes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Каталог аналізів' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Гематологія' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Пакети аналізів' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Пакети аналізів' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Аналізи' }).click();

  await page.getByRole('link', { name: 'Гематологія' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Гематологія' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Гематологія' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  const more = page.getByRole('button', { name: 'Показати ще' });
  while (await more.isVisible()) {
    const before = await list.getByRole('listitem').count();
    await more.click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(before);
  }
  const total = await list.getByRole('listitem').count();
  await expect(page.getByText(`Показано ${total} з ${total}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // the subgroup filter asks the server again
  await page.getByRole('combobox', { name: 'Підрозділ' }).click();
  await page.getByRole('option', { name: 'Коагулограма' }).click();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect.poll(() => list.getByRole('listitem').count()).toBeLessThan(total);

  // price sort: the list is asked for again, sorted by the server
  await page.getByRole('combobox', { name: 'Сортування' }).click();
  const sortedAnswer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/service/services/infos/settlements') &&
      response.request().postDataJSON()?.priceSort === 'asc',
  );
  await page.getByRole('option', { name: 'Спочатку дешевші' }).click();
  await sortedAnswer;
  // the first amount on a card is its current price (a discounted card shows the original after it)
  const prices = () =>
    list.locator('article').evaluateAll((cards) =>
      cards.map((card) => {
        const amount = /(\d[\d\s]*(?:\.\d+)?)\s*грн/.exec(card.textContent ?? '')?.[1] ?? '';
        return Number(amount.replace(/\s/g, ''));
      }),
    );
  // until the answer is drawn the list may still be the previous one or a skeleton
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length > 1 && shown.every((price, index) => price > 0 && price >= (shown[index - 1] ?? 0));
    })
    .toBe(true);
});

test('the home widgets and the pages on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${site.url}/`);
  await expect(page.getByRole('heading', { name: 'Популярні аналізи' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Пакети аналізів' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  for (const path of ['/analyzes/hematology', '/analysis/ferytyn', `/search?query=${encodeURIComponent('кров')}`]) {
    await page.goto(`${site.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
