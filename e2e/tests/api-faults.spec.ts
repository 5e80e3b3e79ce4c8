import {
  type BrowserContext,
  type CDPSession,
  expect,
  type Locator,
  type Page,
  type Route,
  test,
} from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { cartDropdownLink } from '../support/page';
import { Site } from '../support/site';
import { freshPhone, smsCode } from '../support/sms';

/**
 * Issue 10's API fault journeys: every API area answering 500 or never answering, the browser going
 * offline and back, and a slow network (Chromium's network emulation). The user always gets a localized
 * error with a way to retry (or, for a submission, an error that keeps what was typed), the retry
 * recovers once the API is back, loading shows skeletons without shifting the page, and repeated
 * clicks or Enter presses under a slow network make one cart line and one order.
 */
const site = new Site({ basePort: 3450 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());
test.use({ viewport: { width: 1280, height: 900 } });

/** The seeded demo patient: orders with results (packages/server/README.md). */
const DEMO_PATIENT = '+380501234567';
/** The pages shorten the API clients' timeout (20 s in production) so that a hung call fails quickly. */
const CLIENT_TIMEOUT_MS = 3_000;
const RETRY = 'Спробувати ще раз';
/** What must never reach the screen: the texts of axios, the browser or a proxy. */
const RAW_ERROR = /error|timeout|exceeded|status code|failed to fetch|код 0/i;

type Settlement = { id: number; title: string };
type ServiceInfo = { id: number; slug: string; title: string };

async function apiJson<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(`${API_ORIGIN}${path}`, {
    method: init?.method ?? 'GET',
    headers: init ? { 'content-type': 'application/json' } : undefined,
    body: init ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

let kyivId: number | undefined;
async function kyiv(): Promise<number> {
  if (kyivId === undefined) {
    const { settlements } = await apiJson<{ settlements: Settlement[] }>(
      '/api/public/user/branches/enabled/settlements?sort=top-branches-count&includePartners=true',
    );
    kyivId = settlements.find((city) => city.title === 'Київ')?.id;
    if (kyivId === undefined) throw new Error('no Kyiv');
  }
  return kyivId;
}

async function servicesIn(settlementId: number, size: number): Promise<ServiceInfo[]> {
  const page = await apiJson<{ content: ServiceInfo[] }>(
    `/api/public/service/services/infos/settlements?page=0&size=${size}`,
    { method: 'POST', body: { settlementId, showOnSite: true } },
  );
  return page.content;
}

/**
 * Every page of the context: a chosen city (no banner), and optionally a short client timeout (the
 * deployment override `window.__LAB_CONFIG__.apiTimeoutMs` of packages/api).
 */
async function prepare(context: BrowserContext, timeoutMs?: number): Promise<void> {
  const city = await kyiv();
  await context.addInitScript(
    ([cityId, timeout]) => {
      if (timeout) {
        const scope = window as unknown as { __LAB_CONFIG__?: Record<string, unknown> };
        scope.__LAB_CONFIG__ = { ...scope.__LAB_CONFIG__, apiTimeoutMs: timeout };
      }
      if (!window.localStorage.getItem('cityId')) window.localStorage.setItem('cityId', JSON.stringify(cityId));
      window.localStorage.setItem('cityShown', 'true');
    },
    [city, timeoutMs ?? 0] as const,
  );
}

/** A guest cart holding one service, stored for the context's pages as the visitor's cart. */
async function guestCartWith(context: BrowserContext, service: ServiceInfo): Promise<string> {
  const city = await kyiv();
  const cart = await apiJson<{ id: string }>('/api/public/cart/carts', { method: 'POST', body: {} });
  await apiJson(`/api/public/cart/carts/${cart.id}/add?settlementId=${city}`, {
    method: 'POST',
    body: { serviceIds: [service.id] },
  });
  await context.addInitScript((id) => window.localStorage.setItem('cartId', JSON.stringify(id)), cart.id);
  return cart.id;
}

/** Signs the context in on the API (its cookie jar is the pages'), waiting out the resend gate. */
async function signIn(context: BrowserContext, phone = DEMO_PATIENT): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const asked = new Date(Date.now() - 1000);
    const sent = await context.request.post(`${site.url}/api/public/auth`, { data: { phone } });
    if (sent.ok()) {
      const login = await context.request.post(`${site.url}/api/public/login`, {
        data: { phone, password: await smsCode(phone, asked) },
      });
      expect(login.ok()).toBe(true);
      return;
    }
    // the same phone signed in moments ago: the journeys' server lets it resend after 3 s
    if (attempt > 2) throw new Error(`the sign-in was refused: HTTP ${sent.status()}`);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
  }
}

async function ordersCount(context: BrowserContext): Promise<number> {
  const response = await context.request.get(
    `${site.url}/api/private/admin-app/registries/self?page=0&size=1&on-site=true&customer-type=patient`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { totalElements: number }).totalElements;
}

async function fillUserCart(context: BrowserContext, services: ServiceInfo[]): Promise<void> {
  const response = await context.request.post(`${site.url}/api/private/cart/carts/add?settlementId=${await kyiv()}`, {
    data: { serviceIds: services.map((service) => service.id) },
  });
  expect(response.ok()).toBe(true);
}

type Mode = '500' | 'timeout';

type Fault = {
  /** The API is back: later calls go through, held ones are dropped (their callers gave up). */
  heal: () => void;
  /** Calls the fault answered (or held) so far. */
  hits: () => number;
};

/**
 * Makes the calls to `path` (and `method`) fail: a bare 500 as a proxy sends it, or no answer at all
 * (held until healed, long past the client's timeout). With `forward`, a held call still reaches the
 * server first: the server does the work and only the answer is lost.
 */
async function fault(
  page: Page,
  path: RegExp,
  mode: Mode,
  options: { method?: string; forward?: boolean } = {},
): Promise<Fault> {
  let healed = false;
  let hits = 0;
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/') && path.test(url.pathname),
    async (route) => {
      if (healed || (options.method && route.request().method() !== options.method)) return route.fallback();
      hits += 1;
      if (mode === '500') {
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
      }
      if (options.forward) await route.fetch().catch(() => undefined);
      held.push(route);
    },
  );
  return {
    heal: () => {
      healed = true;
      for (const route of held.splice(0)) void route.abort().catch(() => undefined);
    },
    hits: () => hits,
  };
}

type ReadCase = {
  area: string;
  path: RegExp;
  method?: string;
  signedIn?: boolean;
  /** What the context needs before the page opens (a cart, a session). */
  setUp?: (context: BrowserContext) => Promise<void>;
  /** Opens the screen whose call fails; answers where its error shows. */
  open: (page: Page) => Promise<Locator>;
  /** The localized title of the failure. */
  title: string;
  /** Real content the screen shows once the retry succeeds. */
  recovered: (page: Page) => Locator;
};

const main = (page: Page) => page.getByRole('main');

let ferytyn: ServiceInfo | undefined;
async function ferytynService(): Promise<ServiceInfo> {
  ferytyn ??= await apiJson<ServiceInfo>(
    `/api/public/service/services/infos/slug/ferytyn?settlementId=${await kyiv()}`,
  );
  return ferytyn;
}

async function openAt(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
}

/**
 * The page through a navigation inside the site: the shell's server puts the catalogue's tree, a
 * category's first page, an analysis and the search page's answer at the first city into the landing
 * page's HTML (shell/server/answers.ts), so the browser asks the API for them once the visitor moves on.
 */
/** A page load, until the app's own render replaced the server's preview of the page. */
async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('main [data-page-preview]')).toHaveCount(0);
}

async function openInApp(page: Page, path: string): Promise<void> {
  const ru = path.startsWith('/ru/');
  await page.goto(`${site.url}${ru ? '/ru' : '/'}`);
  await expect(page.getByRole('contentinfo')).toBeVisible(); // the app's own render, not the first view
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function hoverCart(page: Page): Promise<Locator> {
  await page.goto(`${site.url}/`);
  await cartDropdownLink(page).hover();
  return page.getByRole('region', { name: 'Вміст кошика' });
}

let resultsPath: string | undefined;

const READS: ReadCase[] = [
  {
    area: 'the catalogue (category list)',
    path: /^\/api\/public\/service\/services\/groups\/enabled\/tree\/separated$/,
    open: (page) => openInApp(page, '/analyzes').then(() => main(page)),
    title: 'Не вдалося завантажити каталог',
    recovered: (page) => main(page).getByRole('link', { name: 'Гематологія' }),
  },
  {
    area: "the catalogue (a category's service list)",
    path: /^\/api\/public\/service\/services\/infos\/settlements$/,
    method: 'POST',
    open: (page) => openInApp(page, '/analyzes/hematology').then(() => main(page)),
    title: 'Не вдалося завантажити аналізи',
    recovered: (page) => page.getByRole('list', { name: 'Гематологія' }).getByRole('listitem').first(),
  },
  {
    area: 'the catalogue (a service page)',
    path: /^\/api\/public\/service\/services\/infos\/slug\/ferytyn$/,
    open: (page) => openInApp(page, '/analysis/ferytyn').then(() => main(page)),
    title: 'Не вдалося завантажити аналіз',
    recovered: (page) => page.getByRole('heading', { level: 1, name: 'Феритин' }),
  },
  {
    area: 'the catalogue (search)',
    path: /^\/api\/public\/search\/search$/,
    open: (page) => openInApp(page, `/search?query=${encodeURIComponent('кров')}`).then(() => main(page)),
    title: 'Не вдалося виконати пошук',
    recovered: (page) => page.locator('section#services').getByRole('listitem').first(),
  },
  {
    area: 'the news page',
    path: /^\/api\/public\/content\/news$/,
    open: (page) => openAt(page, '/news').then(() => main(page)),
    title: 'Не вдалося завантажити сторінку',
    recovered: (page) => main(page).getByRole('article').first(),
  },
  {
    area: 'the branches (contacts) page',
    path: /^\/api\/public\/user\/branches\/settlements\/\d+\/enabled$/,
    open: (page) => openAt(page, '/contacts').then(() => main(page)),
    title: 'Не вдалося завантажити сторінку',
    recovered: (page) => main(page).getByRole('article').first(),
  },
  {
    area: "the home page's popular analyses",
    path: /^\/api\/public\/content\/services\/groups\/popular\/services\/infos$/,
    open: (page) => openAt(page, '/').then(() => main(page)),
    title: 'Не вдалося завантажити популярні аналізи',
    recovered: (page) => main(page).getByRole('region', { name: 'Популярні аналізи' }).getByRole('listitem').first(),
  },
  {
    area: "the home page's latest news",
    path: /^\/api\/public\/content\/news$/,
    open: (page) => openAt(page, '/').then(() => main(page).getByRole('region', { name: 'Новини та акції' })),
    title: 'Не вдалося завантажити новини',
    recovered: (page) => main(page).getByRole('region', { name: 'Новини та акції' }).getByRole('article').first(),
  },
  {
    area: 'the cart dropdown',
    path: /^\/api\/public\/cart\/carts\/[0-9a-f-]{36}$/,
    method: 'GET',
    setUp: async (context) => void (await guestCartWith(context, await ferytynService())),
    open: hoverCart,
    title: 'Не вдалося завантажити кошик',
    recovered: (page) => page.getByRole('region', { name: 'Вміст кошика' }).getByText('Феритин'),
  },
  {
    area: 'the cart page',
    path: /^\/api\/public\/cart\/carts\/[0-9a-f-]{36}$/,
    method: 'GET',
    setUp: async (context) => void (await guestCartWith(context, await ferytynService())),
    open: (page) => openAt(page, '/cart').then(() => main(page)),
    title: 'Не вдалося завантажити кошик',
    recovered: (page) => main(page).getByRole('link', { name: 'Феритин' }),
  },
  {
    area: "the account's orders",
    path: /^\/api\/private\/admin-app\/registries\/self$/,
    signedIn: true,
    open: (page) => openAt(page, '/account/orders').then(() => main(page)),
    title: 'Не вдалося завантажити замовлення',
    recovered: (page) => page.getByTestId('order-card').first(),
  },
  {
    area: "the account's results",
    path: /^\/api\/private\/registry\/registries\/self\/\d+(\/results)?$/,
    signedIn: true,
    setUp: async (context) => {
      if (resultsPath) return;
      // an order of the demo patient with results, found as a patient finds it
      const page = await context.newPage();
      await page.goto(`${site.url}/account/orders`);
      const link = page
        .getByTestId('order-card')
        .getByRole('link', { name: /^Результати/ })
        .first();
      resultsPath = (await link.getAttribute('href')) ?? undefined;
      await page.close();
    },
    // in the app: a signed-in patient's first view of the page already carries the order (the shell's
    // server reads it), so only a navigation inside the site makes the browser ask the API for it
    open: (page) => openInApp(page, resultsPath ?? '/account/results/0').then(() => main(page)),
    title: 'Не вдалося завантажити результати',
    recovered: (page) => page.getByTestId('results-table'),
  },
];

for (const mode of ['500', 'timeout'] as const) {
  const failing = mode === '500' ? 'answering 500' : 'not answering';
  test.describe(`the API ${failing}`, () => {
    for (const read of READS) {
      test(`${read.area}: a localized error with a retry that recovers`, async ({ context, page }) => {
        await prepare(context, CLIENT_TIMEOUT_MS);
        if (read.signedIn) await signIn(context);
        await read.setUp?.(context);
        const broken = await fault(page, read.path, mode, { method: read.method });

        const area = await read.open(page);
        const alert = area.getByRole('alert').filter({ hasText: read.title }).first();
        await expect(alert).toBeVisible();
        await expect(alert).not.toContainText(RAW_ERROR);
        expect(broken.hits()).toBeGreaterThan(0);
        const retry = alert.getByRole('button', { name: RETRY });
        await expect(retry).toBeVisible();

        broken.heal();
        await retry.click();
        await expect(read.recovered(page)).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: read.title })).toHaveCount(0);
      });
    }

    test('sign-in: sending the code fails with a localized message, the phone stays, sending again works', async ({
      context,
      page,
    }) => {
      await prepare(context, CLIENT_TIMEOUT_MS);
      const phone = freshPhone();
      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
      const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
      const field = dialog.getByLabel('Номер телефону');
      await field.pressSequentially(phone.typed);
      const typed = await field.inputValue();
      const broken = await fault(page, /^\/api\/public\/auth$/, mode, { method: 'POST' });

      await dialog.getByRole('button', { name: 'Отримати код' }).click();
      const message = mode === '500' ? /Щось пішло не так/ : /Немає з.єднання з сервером/;
      await expect(field).toHaveAccessibleDescription(message);
      await expect(dialog).not.toContainText(RAW_ERROR);
      await expect(field).toHaveValue(typed);
      expect(broken.hits()).toBe(1);

      broken.heal();
      await dialog.getByRole('button', { name: 'Отримати код' }).click();
      await expect(page.getByRole('dialog', { name: 'Підтвердження номера' }).getByLabel('Код з SMS')).toBeVisible();
    });

    test('checkout: placing the order fails with a localized message, the form stays, placing again makes one order', async ({
      context,
      page,
    }) => {
      await prepare(context, CLIENT_TIMEOUT_MS);
      await signIn(context);
      await fillUserCart(context, await servicesIn(await kyiv(), 1));
      const before = await ordersCount(context);

      await page.goto(`${site.url}/checkout`);
      await page.getByRole('combobox', { name: 'Відділення' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
      await page.getByRole('radio', { name: 'За ПІБ лікаря' }).check();
      const doctor = page.getByLabel('Прізвище, ім’я та по батькові лікаря');
      await doctor.fill('Петренко Іван Іванович');
      const contract = page.getByRole('checkbox', { name: /публічного договору/ });
      await contract.check();
      await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
      // without an answer the server still places the order: only the answer is lost
      const broken = await fault(page, /^\/api\/private\/order\/orders$/, mode, { method: 'POST', forward: true });

      const place = page.getByRole('button', { name: /^Оформити/ });
      await place.click();
      const alert = page.getByRole('alert').filter({ hasText: 'Не вдалося оформити замовлення' });
      await expect(alert).toBeVisible();
      await expect(alert).not.toContainText(RAW_ERROR);
      await expect(page).toHaveURL(`${site.url}/checkout`);
      await expect(doctor).toHaveValue('Петренко Іван Іванович');
      await expect(contract).toBeChecked();
      await expect(page.getByRole('radio', { name: /У відділенні.*Готівкою/ })).toBeChecked();
      expect(broken.hits()).toBe(1);

      broken.heal();
      await place.click();
      await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
      // the retry carries the same order id: one order either way
      expect(await ordersCount(context)).toBe(before + 1);
    });
  });
}

test('the Russian site says it in Russian', async ({ context, page }) => {
  await prepare(context, CLIENT_TIMEOUT_MS);
  const broken = await fault(page, /^\/api\/public\/service\/services\/groups\/enabled\/tree\/separated$/, '500');
  await openInApp(page, '/ru/analyzes');
  const alert = main(page).getByRole('alert').filter({ hasText: 'Не удалось загрузить каталог' });
  await expect(alert).toContainText('Сервер временно недоступен (код 500)');
  broken.heal();
  await alert.getByRole('button', { name: 'Попробовать ещё раз' }).click();
  await expect(main(page).getByRole('link', { name: 'Гематология' })).toBeVisible();
});

test('offline, then online: the site says so, the failed page and the failed action work once back', async ({
  context,
  page,
}) => {
  await prepare(context);
  const service = await ferytynService();
  await gotoLive(page, `/analysis/${service.slug}`);
  const add = page.getByRole('button', { name: `До кошика: ${service.title}`, exact: true });
  await expect(add).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Немає з’єднання з інтернетом' });
  await expect(notice).toHaveCount(0);

  await context.setOffline(true);
  await expect(notice).toBeVisible();
  // an action: the cart cannot be reached; the button stays for another try
  await add.click();
  await expect(page.getByText('Немає з’єднання з сервером. Перевірте інтернет і спробуйте ще раз.')).toBeVisible();
  await expect(add).toBeVisible();
  // a page of the site (the shell's own, so no code is missing): its data cannot come
  await page.getByRole('link', { name: 'Новини та акції' }).first().click();
  const alert = main(page).getByRole('alert').filter({ hasText: 'Не вдалося завантажити сторінку' });
  await expect(alert).toBeVisible();

  await expect(alert.getByRole('button', { name: RETRY })).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  // SWR reads a failed page again when the browser is back online; the retry stays for the case it does not
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect(alert).toHaveCount(0);
  await page.goBack();
  await page.getByRole('button', { name: `До кошика: ${service.title}`, exact: true }).click();
  await expect(page.getByRole('link', { name: `У кошику: ${service.title}` })).toBeVisible();
});

test.describe('a slow network', () => {
  /** Chromium's emulation: 400 ms round trips, about 400 kbit/s each way. */
  async function slowDown(page: Page): Promise<CDPSession> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    return cdp;
  }

  /**
   * Before any page script: the cumulative layout shift not caused by input, and whether a skeleton
   * (the ui package's `data-skeleton` placeholder) was ever in the main area.
   */
  async function observeLoading(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const scope = window as unknown as { __cls: number; __skeleton: boolean };
      scope.__cls = 0;
      scope.__skeleton = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) scope.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (!scope.__skeleton && document.querySelector('main section [data-skeleton]')) scope.__skeleton = true;
      }).observe(document, { childList: true, subtree: true });
    });
  }

  const loadingFigures = (page: Page) =>
    page.evaluate(() => {
      const scope = window as unknown as { __cls: number; __skeleton: boolean };
      return { cls: scope.__cls, skeleton: scope.__skeleton };
    });

  test('the category page, the search and a service page show skeletons while loading and do not shift', async ({
    context,
    page,
  }) => {
    test.setTimeout(180_000);
    await prepare(context);
    await observeLoading(context);
    await slowDown(page);

    const pages: Array<{ path: string; loaded: Locator }> = [
      {
        path: '/analyzes/hematology',
        loaded: page.getByRole('list', { name: 'Гематологія' }).getByRole('listitem').first(),
      },
      {
        path: `/search?query=${encodeURIComponent('кров')}`,
        loaded: page.locator('section#services').getByRole('listitem').first(),
      },
      { path: '/analysis/ferytyn', loaded: page.getByRole('heading', { level: 1, name: 'Феритин' }) },
    ];
    // opened from another page of the app: a first visit's page comes drawn in the HTML instead
    // (shell.spec.ts), with nothing to wait for
    for (const { path, loaded } of pages) {
      await openInApp(page, path);
      await expect(loaded).toBeVisible({ timeout: 60_000 });
      await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0);
      const figures = await loadingFigures(page);
      expect(figures.skeleton, path).toBe(true);
      expect(figures.cls, path).toBeLessThanOrEqual(0.02);
    }
  });

  test('a double click and a repeated Enter on «add to cart» add one line each', async ({ context, page }) => {
    test.setTimeout(180_000);
    await prepare(context);
    const [first, second] = (await servicesIn(await kyiv(), 4)).filter((service) => service.slug !== 'ferytyn');
    if (!first || !second) throw new Error('the catalogue has no two services');
    const cartCalls: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /\/api\/public\/cart\/carts(\/[^/]+\/add)?$/.test(new URL(request.url()).pathname)
      ) {
        cartCalls.push(new URL(request.url()).pathname);
      }
    });
    await gotoLive(page, `/analysis/${first.slug}`);
    await expect(page.getByRole('button', { name: `До кошика: ${first.title}`, exact: true })).toBeVisible();
    await slowDown(page);

    await page.getByRole('button', { name: `До кошика: ${first.title}`, exact: true }).dblclick();
    await expect(page.getByRole('link', { name: `У кошику: ${first.title}` })).toBeVisible({ timeout: 30_000 });
    // «У кошику» shows from the tap; the next page is a new document, so wait for the server's answer (the
    // guest's cart stored) before leaving, as the slow network would otherwise cut the creation off
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('cartId')), { timeout: 30_000 })
      .not.toBeNull();

    await page.goto(`${site.url}/analysis/${second.slug}`);
    const addSecond = page.getByRole('button', { name: `До кошика: ${second.title}`, exact: true });
    await expect(addSecond).toBeVisible({ timeout: 60_000 });
    await addSecond.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: `У кошику: ${second.title}` })).toBeVisible({ timeout: 30_000 });

    // one guest cart, created holding the first service (one call), one add for the second, each service once
    const cartId = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cartId'))) ?? 'null') as string;
    const inCart = async () =>
      (
        await apiJson<{ items: Array<{ serviceId: number }> }>(
          `/api/public/cart/carts/${cartId}?settlementId=${await kyiv()}`,
        )
      ).items
        .map((item) => item.serviceId)
        .sort();
    await expect.poll(inCart, { timeout: 30_000 }).toEqual([first.id, second.id].sort());
    expect(cartCalls.filter((path) => path === '/api/public/cart/carts')).toHaveLength(1);
    expect(cartCalls.filter((path) => path.endsWith('/add'))).toHaveLength(1);
  });

  test('a double click and a repeated Enter on «place order» make one order', async ({ context, page }) => {
    test.setTimeout(180_000);
    await prepare(context);
    await signIn(context);
    await fillUserCart(context, await servicesIn(await kyiv(), 1));
    const before = await ordersCount(context);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/private/order/orders') {
        creates.push(request.postData() ?? '');
      }
    });

    await page.goto(`${site.url}/checkout`);
    await page.getByRole('combobox', { name: 'Відділення' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
    await page.getByRole('checkbox', { name: /публічного договору/ }).check();
    await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
    await slowDown(page);

    const place = page.getByRole('button', { name: /^Оформити/ });
    await place.dblclick();
    // the button keeps focus while busy: Enter presses it again
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/, { timeout: 30_000 });
    expect(creates).toHaveLength(1);
    expect(await ordersCount(context)).toBe(before + 1);
  });
});
