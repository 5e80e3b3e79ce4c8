/**
 * Real-user monitoring's one call: a page view's web vitals and remote failures, handed to the browser
 * with navigator.sendBeacon, which delivers it even while the page unloads and never holds the page.
 */
import type { VitalsBeacon } from '../contract/app';
import { endpoints } from '../endpoints';
import { clientBaseUrl } from './config';

/** Queues the report; false when the browser has no beacons or refused to queue it (too large, quota). */
export function sendVitalsBeacon(beacon: VitalsBeacon): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const { client, path } = endpoints.vitals;
  const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
  return navigator.sendBeacon(`${clientBaseUrl(client)}${path}`, body);
}
