/**
 * /getapp's promise: the store links and their QR codes come from the server's settings; without them
 * the answer offers no app and no menu leads to its page.
 */
import type { Menu, MenuItem, MobileApp } from '@lab/api/contract';
import QRCode from 'qrcode';
import { mobileAppSettingsFromEnv } from '../../../config';
import type { TestApp } from '../../../test-support/harness';
import { useTestApp } from '../../../test-support/harness';
import { ok } from '../../../test-support/http';

const APP_STORE = 'https://apps.apple.com/ua/app/lab/id1234567890';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=ua.lab.app';

const withApp = useTestApp({
  config: { rateLimitMax: 0, mobileApp: { appStoreUrl: APP_STORE, googlePlayUrl: GOOGLE_PLAY } },
});
const withoutApp = useTestApp();

/** A footer item leading to /getapp, as the real seed has. */
async function addAppMenuItem(t: TestApp): Promise<void> {
  await t.db.query(
    `INSERT INTO menu_items (menu_id, title_uk, title_ru, href, sort_order)
     SELECT id, 'Мобільний застосунок', 'Мобильное приложение', '/getapp', 99 FROM menus WHERE type = 'footer'`,
  );
}

const hrefs = (items: MenuItem[] | undefined): string[] =>
  (items ?? []).flatMap((item) => [item.href ?? '', ...hrefs(item.children)]);
const menuHrefs = (menus: Menu[]) => menus.flatMap((menu) => hrefs(menu.items));

describe('GET mobileApp (content/mobile-app)', () => {
  it('answers each configured store with its link and a QR code of that link', async () => {
    const answer = await ok<MobileApp>(withApp.app, 'mobileApp');
    expect(answer.links.map(({ store, url }) => ({ store, url }))).toEqual([
      { store: 'app-store', url: APP_STORE },
      { store: 'google-play', url: GOOGLE_PLAY },
    ]);
    for (const link of answer.links) {
      const svg = Buffer.from(link.qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
      // the very code of the link: the same library draws the same SVG for it
      expect(svg).toBe(await QRCode.toString(link.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
      expect(svg).toMatch(/^<svg [^>]*viewBox/);
    }
  });

  it('offers no app without settings, and the menus then leave its page out', async () => {
    expect(await ok<MobileApp>(withoutApp.app, 'mobileApp')).toEqual({ links: [] });
    await addAppMenuItem(withoutApp);
    expect(menuHrefs(await ok<Menu[]>(withoutApp.app, 'menus'))).not.toContain('/getapp');
    await addAppMenuItem(withApp);
    expect(menuHrefs(await ok<Menu[]>(withApp.app, 'menus'))).toContain('/getapp');
  });
});

describe('the store settings', () => {
  it('take https addresses only, and none when empty', () => {
    expect(mobileAppSettingsFromEnv({})).toEqual({ appStoreUrl: null, googlePlayUrl: null });
    expect(mobileAppSettingsFromEnv({ MOBILE_APP_STORE_URL: ` ${APP_STORE} ` }).appStoreUrl).toBe(APP_STORE);
    expect(() => mobileAppSettingsFromEnv({ MOBILE_GOOGLE_PLAY_URL: 'http://example.com/app' })).toThrow(/https/);
    expect(() => mobileAppSettingsFromEnv({ MOBILE_APP_STORE_URL: 'not a link' })).toThrow(/https/);
  });
});
