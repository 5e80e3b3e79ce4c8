/**
 * The mobile app's store links as /getapp shows them, each with its QR code. The codes are drawn here,
 * on the server, once per process: the same few hundred bytes of SVG for every visitor, cached with
 * the answer, and no QR library in the browser's bundle. A store without a setting is left out; with
 * neither, there is no app to offer.
 */
import type { MobileApp, MobileAppLink, MobileAppStore } from '@lab/api/contract';
import QRCode from 'qrcode';
import type { MobileAppSettings } from '../config';

/** The link as a QR code: an SVG image (dark on white, a quiet zone of 2 modules) as a data: URL. */
export async function qrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function mobileAppLinks(settings: MobileAppSettings): Promise<MobileApp> {
  const stores: Array<[MobileAppStore, string | null]> = [
    ['app-store', settings.appStoreUrl],
    ['google-play', settings.googlePlayUrl],
  ];
  const links: MobileAppLink[] = [];
  for (const [store, url] of stores) if (url) links.push({ store, url, qr: await qrDataUrl(url) });
  return { links };
}

/** Whether the site has an app to offer. */
export const offersMobileApp = (settings: MobileAppSettings): boolean =>
  settings.appStoreUrl !== null || settings.googlePlayUrl !== null;

/** The menus' address of the app's page: left out of them while there is no app. */
export const MOBILE_APP_PATH = '/getapp';
