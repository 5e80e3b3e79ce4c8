/** @jest-environment node */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiKeys } from '@lab/api';
import { renderPrimedAnswers } from './document';
import { type ApiGet, firstSettlementId, forgetFirstSettlement, sharedAnswers, visitorSession } from './fetch';

/** A fake API: answers by the path of the URL, 404 (null) for unknown ones, an error for `failing`. */
function fakeApi(
  answers: Record<string, unknown>,
  failing: string[] = [],
): ApiGet & { asked: string[]; bodies: object[] } {
  const asked: string[] = [];
  const bodies: object[] = [];
  const get = async <T>(url: string, body?: object) => {
    const { pathname } = new URL(url, 'http://api');
    asked.push(pathname);
    if (body) bodies.push(body);
    if (failing.some((part) => pathname.includes(part))) throw new Error('HTTP 500');
    // the most specific part first: `infos/settlements` (a list) before `settlements` (the cities)
    const parts = Object.entries(answers).sort(([a], [b]) => b.length - a.length);
    const found = parts.find(([part]) => pathname.includes(part));
    return (found ? found[1] : null) as T | null;
  };
  return Object.assign(get, { asked, bodies });
}

/** A page request of a browser that has been here before (it carries a cookie). */
const at = (locale: 'ua' | 'ru' = 'ua') => ({ locale, guest: false });

const settlements = { settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 };
const menus = [{ type: 'header', items: [] }];

describe('the API answers put into the page', () => {
  it('gives every page the city list and the menus under the keys the hooks read', async () => {
    const answers = await sharedAnswers(at('ru'), fakeApi({ settlements, menus }));
    expect(answers).toEqual([
      { key: apiKeys.settlements('ru'), data: settlements },
      { key: apiKeys.menus('ru'), data: menus },
    ]);
  });

  it("gives a browser without cookies the guest's session, and nobody else a session", async () => {
    const guest = { canLogin: true };
    const first = await sharedAnswers({ ...at(), guest: true }, fakeApi({ settlements, menus, '/info': guest }));
    expect(first).toContainEqual({ key: apiKeys.session(), data: guest });
    const back = await sharedAnswers(at(), fakeApi({ settlements, menus, '/info': guest }));
    expect(back.map((answer) => answer.key[0])).not.toContain('session');
  });

  it('leaves out what failed or is missing, for the page to ask for and report itself', async () => {
    const answers = await sharedAnswers(at('ua'), fakeApi({ settlements }, ['menus']));
    expect(answers.map((answer) => answer.key[0])).toEqual(['settlements']);
  });

  it('writes a JSON block that no answer can close', () => {
    const html = renderPrimedAnswers([{ key: ['menus', 'ua'], data: '</script><script>alert(1)</script>' }]);
    expect(html.startsWith('<script type="application/json" id="lab-api-answers">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(renderPrimedAnswers([])).toBe('');
  });
});

describe('the city a first visit is priced in', () => {
  beforeEach(forgetFirstSettlement);

  it('is the first of the list, as the browser takes it, asked for once while it is known', async () => {
    const api = fakeApi({ settlements });
    expect(await firstSettlementId(api)).toBe(9);
    expect(await firstSettlementId(fakeApi({}))).toBe(9);
    expect(api.asked).toHaveLength(1);
  });

  it('is asked for again after a failed or empty answer, not kept as unknown', async () => {
    expect(await firstSettlementId(fakeApi({}, ['settlements']))).toBeNull();
    expect(await firstSettlementId(fakeApi({ settlements: { settlements: [], branchCount: 0 } }))).toBeNull();
    expect(await firstSettlementId(fakeApi({ settlements }))).toBe(9);
  });
});

describe("a returning visitor's session", () => {
  /** An API that answers the session route as it would for the cookie named by the forwarded host. */
  async function sessionApi(answer: (headers: IncomingHttpHeaders) => { status: number; body: unknown }) {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      const { status, body } =
        request.url === '/api/private/info' ? answer(request.headers) : { status: 404, body: {} };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const previous = process.env.API_BASE;
    process.env.API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      seen,
      close: async () => {
        process.env.API_BASE = previous;
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }
  const pageRequest = (cookie: string) =>
    ({
      headers: { cookie, host: 'lab.example.ua' },
      socket: { remoteAddress: '198.51.100.7' },
    }) as unknown as IncomingMessage;

  it("is asked with the visitor's cookies and host, as the /api proxy asks, and primed under the session key", async () => {
    const signedIn = { canLogin: false, profiles: { patient: true, doctor: false } };
    const api = await sessionApi((headers) => ({
      status: 200,
      body: headers.cookie?.includes('__Host-lab_session=t') ? signedIn : { canLogin: true },
    }));
    try {
      expect(await visitorSession(pageRequest('cityId=9; __Host-lab_session=t'))).toEqual({
        key: apiKeys.session(),
        data: signedIn,
      });
      expect(api.seen[0]).toMatchObject({
        cookie: 'cityId=9; __Host-lab_session=t',
        'x-forwarded-host': 'lab.example.ua',
        'x-forwarded-for': '198.51.100.7',
      });
    } finally {
      await api.close();
    }
  });

  it('is left to the page to ask for when the API fails or answers something else', async () => {
    const failing = await sessionApi(() => ({ status: 503, body: { code: 'unavailable' } }));
    try {
      expect(await visitorSession(pageRequest('a=1'))).toBeNull();
    } finally {
      await failing.close();
    }
    const odd = await sessionApi(() => ({ status: 200, body: { signedIn: 'yes' } }));
    try {
      expect(await visitorSession(pageRequest('a=1'))).toBeNull();
    } finally {
      await odd.close();
    }
  });
});
