/** Test set-up: the shared providers and i18n (@lab/testing) with this remote's texts, and a fake API. */
import { bus } from '@lab/events';
import { resetBrowserState as resetBrowser } from '@lab/testing';
import '../i18n/all';

export { type ApiRequest, bodyOf, installAdapter, ok, type Reply } from '@lab/api/test/fake-adapter';
export { Providers, renderAt, setUpI18n } from '@lab/testing';

export function resetBrowserState(): void {
  resetBrowser();
  jest.restoreAllMocks();
}

/** Records the bus events of the given names. */
export function recordEvents(...names: Array<'role:changed' | 'session:changed' | 'workplace:changed'>) {
  const seen: Array<{ name: string; payload: unknown }> = [];
  for (const name of names) bus.on(name, (payload: unknown) => seen.push({ name, payload }));
  return seen;
}
