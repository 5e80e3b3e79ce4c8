import { initI18n, setLocale } from '@lab/i18n';
import { rememberSession } from '../hooks/preloadPersonal';
import { api } from './api';
import { earlyCallsScript } from './early';
import { setTransport } from './http';

const ORDER_ID = '0b7f4c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
const ORDER_PATH = `/api/private/order/orders/${ORDER_ID}`;

/** The part of a Response the clients read (jsdom has no Response). */
const answer = (body: object) => ({
  ok: true,
  status: 200,
  headers: new Headers(),
  text: async () => JSON.stringify(body),
});

let asked: { url: string; init: RequestInit }[];
let answers: (() => Promise<unknown>)[];
const realFetch = globalThis.fetch;

beforeAll(() => initI18n('ua'));

beforeEach(() => {
  asked = [];
  answers = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return (answers.shift() ?? (async () => answer({ id: ORDER_ID, asked: asked.length })))();
  }) as unknown as typeof fetch;
  setTransport(null);
});

afterEach(async () => {
  globalThis.fetch = realFetch;
  delete window.__LAB_EARLY__;
  await setLocale('ua');
});

/** What the shell's server writes into a signed-in visitor's page, run as the browser runs it. */
const runPageScript = (paths: string[], locale: 'ua' | 'ru' = 'ua') => new Function(earlyCallsScript(paths, locale))();

describe('a personal GET started by the page', () => {
  it('is asked for with the session cookie, JSON and the page language, as the client asks', () => {
    runPageScript([ORDER_PATH], 'ru');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(`http://localhost${ORDER_PATH}`);
    expect(asked[0]?.init.credentials).toBe('include');
    const headers = new Headers(asked[0]?.init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('ru');
  });

  it("answers the client's first request for that address, and only the first", async () => {
    runPageScript([ORDER_PATH]);
    expect(await api.orders.get(ORDER_ID)).toEqual({ id: ORDER_ID, asked: 1 });
    expect(asked).toHaveLength(1);
    // the page's later reads (a refresh, polling) are asked again
    expect(await api.orders.get(ORDER_ID)).toEqual({ id: ORDER_ID, asked: 2 });
    expect(asked).toHaveLength(2);
  });

  it('is not taken for another address or another language', async () => {
    runPageScript(['/api/private/order/orders/another']);
    await api.orders.get(ORDER_ID);
    expect(asked.map(({ url }) => url)).toEqual(['http://localhost/api/private/order/orders/another', ORDER_PATH]);
    runPageScript([ORDER_PATH], 'ru');
    await api.orders.get(ORDER_ID);
    expect(asked).toHaveLength(4);
    expect(new Headers(asked[3]?.init.headers).get('Accept-Language')).toBe('ua');
  });

  it('is not taken once the session is a guest’s (a sign-out after the page was served)', async () => {
    runPageScript([ORDER_PATH]);
    rememberSession({ canLogin: true });
    await api.orders.get(ORDER_ID);
    expect(asked).toHaveLength(2);
  });

  it('is asked again when it failed on the way', async () => {
    answers.push(async () => {
      throw new TypeError('Failed to fetch');
    });
    runPageScript([ORDER_PATH]);
    expect(await api.orders.get(ORDER_ID)).toEqual({ id: ORDER_ID, asked: 2 });
  });

  it('cannot close its script element, whatever the address', () => {
    expect(earlyCallsScript(['/api/private/x</script><script>alert(1)</script>'], 'ua')).not.toMatch(/<\//);
  });
});
