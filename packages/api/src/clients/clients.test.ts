import { initI18n, setLocale } from '@lab/i18n';
import { bodyOf, installAdapter, ok } from '../test/fakeAdapter';
import { api } from './api';
import { API_TIMEOUT_MS } from './config';
import { ApiError } from './errors';
import { apiCallTally, clients, setTransport } from './http';

const CART_ID = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';

beforeAll(() => initI18n('ua'));

afterEach(async () => {
  delete window.__LAB_CONFIG__;
  delete process.env.API_BASE;
  await setLocale('ua');
});

describe('the three clients', () => {
  it('count the page’s calls and the ones the API or the way failed (5xx, no answer), not a 4xx or a cancel', async () => {
    const before = apiCallTally();
    const replies = [
      ok({}),
      { status: 503, data: { code: 'db-unavailable', message: 'x' } },
      { status: 404, data: { code: 'not-found', message: 'x' } },
      { networkError: true as const },
    ];
    installAdapter(() => replies.shift() ?? ok({}));
    await api.auth.info();
    for (let failing = 0; failing < 3; failing += 1) await api.auth.info().catch(() => undefined);
    const aborted = new AbortController();
    aborted.abort();
    await clients.private.request({ method: 'get', url: '/info', signal: aborted.signal }).catch(() => undefined);
    const after = apiCallTally();
    expect([after.calls - before.calls, after.errors - before.errors]).toEqual([4, 2]);
  });

  it('send JSON with credentials, and a form as it is', async () => {
    const sent: RequestInit[] = [];
    const fetchStandIn = jest.fn(async (_url: string, init: RequestInit) => {
      sent.push(init);
      // the part of a Response the clients read (jsdom has no Response)
      return { ok: true, status: 200, headers: new Headers(), text: async () => '{}' };
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchStandIn as unknown as typeof fetch;
    setTransport(null);
    try {
      await api.cart.add(CART_ID, [11], 7);
      await api.patient.uploadPhoto(new Blob(['x']));
    } finally {
      globalThis.fetch = realFetch;
    }
    const [json, form] = sent;
    expect(fetchStandIn.mock.calls[0]?.[0]).toBe(`/api/public/cart/carts/${CART_ID}/add?settlementId=7`);
    expect(json?.credentials).toBe('include');
    expect(json?.method).toBe('POST');
    expect(new Headers(json?.headers).get('Content-Type')).toBe('application/json');
    expect(json?.body).toBe('{"serviceIds":[11]}');
    expect(form?.credentials).toBe('include');
    expect(form?.body).toBeInstanceOf(FormData);
    // the browser writes a form's type with its boundary
    expect(new Headers(form?.headers).has('Content-Type')).toBe(false);
  });

  it('wait without a timeout by default (docs/product.md#errors), or as long as the page sets', async () => {
    const requests = installAdapter(() => ok({}));
    await api.auth.info();
    window.__LAB_CONFIG__ = { apiTimeoutMs: 3000 };
    await api.auth.info();
    await api.patient.uploadPhoto(new Blob(['x']));
    expect(API_TIMEOUT_MS).toBe(0);
    expect(requests.map((request) => request.timeout)).toEqual([0, 3000, 3000]);
  });

  it('set Accept-Language per request from the i18next language (ua, then ru)', async () => {
    const requests = installAdapter(() => ok({ settlements: [], branchCount: 0 }));
    await api.settlements.list();
    await setLocale('ru');
    await api.settlements.list();
    expect(requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['ua', 'ru']);
  });

  it('use each client’s prefix on the same origin by default', async () => {
    const requests = installAdapter(() => ok({}));
    await api.app.configuration();
    await api.settlements.list();
    await api.auth.info();
    expect(requests.map((request) => `${request.baseURL}${request.url}`)).toEqual([
      '/api/app/order/default/configuration',
      '/api/public/user/branches/enabled/settlements',
      '/api/private/info',
    ]);
  });

  it('take the backend path from the build, overridden by window.__LAB_CONFIG__', async () => {
    const requests = installAdapter(() => ok({}));
    process.env.API_BASE = 'https://build.example.ua';
    await api.auth.info();
    window.__LAB_CONFIG__ = { apiBase: 'https://api.example.ua/lab/' };
    await api.auth.info();
    expect(requests.map((request) => request.baseURL)).toEqual([
      'https://build.example.ua/api/private',
      'https://api.example.ua/lab/api/private',
    ]);
  });

  it('fill path parameters and the query string from the route', async () => {
    const requests = installAdapter(() => ok({ settlements: [], branchCount: 0 }));
    await api.settlements.list();
    await api.services.bySlug('ferritin', 7);
    const [list, bySlug] = requests;
    expect(list?.params).toEqual({ sort: 'top-branches-count', includePartners: true });
    expect(bySlug?.url).toBe('/service/services/infos/slug/ferritin');
    expect(bySlug?.params).toEqual({ settlementId: 7 });
  });

  it('route a guest cart to the public client and the user’s cart to the private one', async () => {
    const requests = installAdapter(() => ok({}));
    await api.cart.add(CART_ID, [11, 12], 7);
    await api.cart.add(null, [11], 7);
    await api.cart.create();
    const [guest, user, created] = requests;
    expect(`${guest?.baseURL}${guest?.url}`).toBe(`/api/public/cart/carts/${CART_ID}/add`);
    expect(guest?.method).toBe('post');
    expect(guest?.params).toEqual({ settlementId: 7 });
    expect(bodyOf(guest as NonNullable<typeof guest>)).toEqual({ serviceIds: [11, 12] });
    expect(`${user?.baseURL}${user?.url}`).toBe('/api/private/cart/carts/add');
    expect(bodyOf(created as NonNullable<typeof created>)).toEqual({});
  });

  it('adds the on-site filter to patient order lists only', async () => {
    const requests = installAdapter(() => ok({ content: [], totalPages: 0, page: 0, totalElements: 0 }));
    await api.results.orders('patient', { page: 0, size: 10 });
    await api.results.orders('doctor', { page: 0, size: 10 });
    expect(requests[0]?.params).toEqual({ page: 0, size: 10, 'customer-type': 'patient', 'on-site': true });
    expect(requests[1]?.params).toEqual({ page: 0, size: 10, 'customer-type': 'doctor' });
  });

  it('builds versioned photo URLs', () => {
    window.__LAB_CONFIG__ = { apiBase: 'https://api.example.ua' };
    expect(api.patient.photoUrl(3)).toBe('https://api.example.ua/api/private/patient/patients/self/photo?v=3');
    expect(api.patient.wardPhotoUrl(9, 1)).toBe(
      'https://api.example.ua/api/private/patient/patients/self/wards/9/photo?v=1',
    );
  });
});

describe('ApiError', () => {
  it('carries status, code, message and field from the server’s error body', async () => {
    installAdapter(() => ({
      status: 400,
      data: { code: 'phone-not-valid', message: 'Невірний номер телефону', field: 'phone', requestId: 'req-42' },
    }));
    const failure = api.auth.sendPhone('+380671234567');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'phone-not-valid',
      message: 'Невірний номер телефону',
      field: 'phone',
      requestId: 'req-42',
    });
  });

  it('uses code "http" and a localized text when the body is not an error body', async () => {
    installAdapter(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(api.auth.info()).rejects.toMatchObject({
      status: 502,
      code: 'http',
      message: 'Сервер тимчасово недоступний (код 502). Спробуйте ще раз трохи пізніше.',
    });
  });

  it('uses code "network", status 0 and a localized text when no response arrives', async () => {
    installAdapter(() => ({ networkError: true }));
    const failure = api.settlements.list();
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Немає з’єднання з сервером. Перевірте інтернет і спробуйте ще раз.',
    });
  });

  it('reports a timeout as a network failure, in the page language', async () => {
    installAdapter(() => ({ timedOut: true }));
    window.__LAB_CONFIG__ = { apiTimeoutMs: 20 };
    await expect(api.settlements.list()).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Сервер не відповідає. Спробуйте ще раз.',
    });
    await setLocale('ru');
    await expect(api.settlements.list()).rejects.toMatchObject({ message: 'Сервер не отвечает. Попробуйте ещё раз.' });
  });

  it('uses code "canceled" when the caller aborts', async () => {
    installAdapter(() => ok({}));
    const controller = new AbortController();
    controller.abort();
    await expect(
      api.search.query({ settlementId: 1, query: 'ferr', types: ['services'] }, controller.signal),
    ).rejects.toMatchObject({
      code: 'canceled',
    });
  });
});
