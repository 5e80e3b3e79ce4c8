/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemotesMap } from '../src/features/remotes/headless';
import {
  applyOverrides,
  isOverridden,
  OVERRIDE_COOKIE,
  type OverrideSettings,
  overrideSettingsFromEnv,
  overridesOf,
  refusalOf,
  signOverrides,
} from './override';
import { handleOverride, overrideBanner } from './overridePage';

const RELEASES = 'https://static.lab.example';
const settings = overrideSettingsFromEnv({ OVERRIDE_SECRET: 'a secret of this deployment' }, [RELEASES], null);
if (!settings) throw new Error('overrides are on by default');
const remotes: RemotesMap = {
  mf_catalog: { manifest: `${RELEASES}/catalog/mf-manifest.json`, routes: ['analysis', 'analyzes'], version: '1.2.0' },
  mf_auth: `${RELEASES}/auth/mf-manifest.json`,
};
const DEV = 'http://localhost:3001/mf-manifest.json';
const cookieOf = (overrides: Record<string, string>, with_: OverrideSettings = settings, now = Date.now()) =>
  `canaryBucket=4; ${OVERRIDE_COOKIE}=${signOverrides(overrides, with_, now)}`;

describe('which manifests a browser may be pointed at', () => {
  it.each([
    ['http://localhost:3001/mf-manifest.json', null],
    ['http://127.0.0.1:9999/x/mf-manifest.json', null],
    ['http://[::1]:3001/mf-manifest.json', null],
    [`${RELEASES}/releases/0.0.0-abc/mf-manifest.json`, null],
    ['javascript:alert(1)', 'scheme'],
    ['data:application/json,{}', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://evil.example/mf-manifest.json', 'origin'],
    ['https://localhost.evil.example/mf-manifest.json', 'origin'],
    ['http://static.lab.example/mf-manifest.json', 'origin'],
    ['http://user:pass@localhost:3001/mf-manifest.json', 'not-url'],
    ['not a url', 'not-url'],
  ])('%s → %s', (url, refusal) => {
    expect(refusalOf(url, settings)).toBe(refusal);
  });

  it('takes the deployment’s own list instead of the defaults, and can be turned off', () => {
    const listed = overrideSettingsFromEnv({ OVERRIDE_ORIGINS: 'https://preview.lab.example' }, [RELEASES], null);
    expect(listed && refusalOf('https://preview.lab.example/a/mf-manifest.json', listed)).toBeNull();
    expect(listed && refusalOf(DEV, listed)).toBe('origin');
    expect(overrideSettingsFromEnv({ OVERRIDE_ORIGINS: 'off' }, [RELEASES], null)).toBeNull();
  });
});

describe('the signed cookie', () => {
  it('gives back the overrides this server signed', () => {
    expect(overridesOf(cookieOf({ mf_catalog: DEV }), settings, remotes)).toEqual({ mf_catalog: DEV });
  });

  it('ignores a forged cookie: changed overrides, another key, no signature', () => {
    const [payload, signature] = signOverrides({ mf_catalog: DEV }, settings).split('.');
    const changed = Buffer.from(
      JSON.stringify({ remotes: { mf_catalog: 'http://localhost:6666/mf-manifest.json' }, until: Date.now() + 1e6 }),
    ).toString('base64url');
    expect(payload).toBeTruthy();
    expect(overridesOf(`${OVERRIDE_COOKIE}=${changed}.${signature}`, settings, remotes)).toBeNull();
    const otherKey = overrideSettingsFromEnv({ OVERRIDE_SECRET: 'someone else' }, [RELEASES], null);
    if (!otherKey) throw new Error('on');
    expect(overridesOf(cookieOf({ mf_catalog: DEV }, otherKey), settings, remotes)).toBeNull();
    expect(overridesOf(`${OVERRIDE_COOKIE}=${payload}`, settings, remotes)).toBeNull();
  });

  it('ends after its time, and drops a remote the site does not compose or an origin no longer allowed', () => {
    const hoursAgo = Date.now() - (settings.maxAgeSeconds + 60) * 1000;
    expect(overridesOf(cookieOf({ mf_catalog: DEV }, settings, hoursAgo), settings, remotes)).toBeNull();
    expect(overridesOf(cookieOf({ mf_catalog: DEV, mf_unknown: DEV }), settings, remotes)).toEqual({ mf_catalog: DEV });
    const narrower = { ...settings, allowedOrigins: [RELEASES] };
    expect(overridesOf(cookieOf({ mf_catalog: DEV }), narrower, remotes)).toBeNull();
  });
});

describe('the visitor’s remotes map', () => {
  it('points the overridden remote at its manifest, keeps its pages, and names it apart from the releases', () => {
    const map = applyOverrides(remotes, { mf_catalog: DEV });
    expect(map.mf_catalog).toEqual({ manifest: DEV, routes: ['analysis', 'analyzes'], version: 'override' });
    expect(map.mf_auth).toBe(remotes.mf_auth);
    expect(applyOverrides(remotes, null)).toBe(remotes);
  });

  it('keeps the deployment the map answers for, and drops the release’s pinned digests', () => {
    const pinned: RemotesMap = {
      mf_catalog: {
        manifest: `${RELEASES}/catalog/mf-manifest.json`,
        routes: ['analyzes'],
        version: '1.2.0',
        deployment: 7,
        integrity: { manifest: 'sha384-m', entry: { path: 'remoteEntry.js', digest: 'sha384-e' } },
      },
    };
    const map = applyOverrides(pinned, { mf_catalog: DEV });
    expect(map.mf_catalog).toEqual({ manifest: DEV, routes: ['analyzes'], version: 'override', deployment: 7 });
    expect(isOverridden(map.mf_catalog)).toBe(true);
    expect(isOverridden(pinned.mf_catalog)).toBe(false);
  });

  it('shows a banner naming what is overridden, with a stop link, in both languages', () => {
    const { html, styleHash } = overrideBanner({ mf_catalog: DEV }, 'ua');
    expect(html).toContain('role="status"');
    expect(html).toContain('href="/__override/stop"');
    expect(html).toContain('Зупинити');
    expect(html).toContain(DEV);
    expect(styleHash).toMatch(/^'sha256-/);
    expect(overrideBanner({ mf_catalog: DEV }, 'ru').html).toContain('Остановить');
  });
});

describe('/__override', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      void handleOverride(request, response, settings, remotes).then((handled) => {
        if (!handled) response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const open = (query: string, init?: RequestInit) =>
    fetch(`${origin}/__override${query}`, { redirect: 'manual', ...init });

  it('asks to confirm, then sets a signed, HttpOnly cookie that no shared cache keeps', async () => {
    const page = await open(`?mf_catalog=${encodeURIComponent(DEV)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('private');
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toContain(DEV);
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();

    const confirmed = await open('', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mf_catalog: DEV, token: token ?? '' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    const cookie = confirmed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${OVERRIDE_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`));
    expect(overridesOf(cookie.split(';')[0], settings, remotes)).toEqual({ mf_catalog: DEV });
  });

  it('sets nothing from a form this server did not give (no token, or a token for other overrides)', async () => {
    const page = await (await open(`?mf_catalog=${encodeURIComponent(DEV)}`)).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const forms: Record<string, string>[] = [
      { mf_catalog: DEV },
      { mf_catalog: 'http://localhost:6666/mf-manifest.json', token },
    ];
    for (const body of forms) {
      const answer = await open('', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it.each([
    ['javascript:alert(document.cookie)', 'дозволені лише адреси http і https'],
    ['https://evil.example/mf-manifest.json', 'не входить до дозволених'],
  ])('refuses %s with a page that says why and lists what is allowed', async (url, says) => {
    const answer = await open(`?mf_catalog=${encodeURIComponent(url)}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('set-cookie')).toBeNull();
    const html = await answer.text();
    expect(html).toContain(says);
    expect(html).toContain('http://localhost:*');
    expect(html).not.toContain('<form');
  });

  it('refuses a remote the site does not have, and speaks Russian to a browser that prefers it', async () => {
    const answer = await open(`?mf_nothing=${encodeURIComponent(DEV)}`, { headers: { 'accept-language': 'ru-RU,ru' } });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('не является частью этого сайта');
  });

  it('stops: the cookie is cleared and the browser goes home', async () => {
    const answer = await open('/stop');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    expect(answer.headers.get('set-cookie')).toMatch(new RegExp(`^${OVERRIDE_COOKIE}=; Path=/; Max-Age=0`));
  });
});
