/** Test set-up: the shared providers and i18n (@lab/testing) with this remote's texts, and a fake API. */
import '../i18n/all';

export { type ApiRequest, bodyOf, installAdapter, ok, type Reply } from '@lab/api/test/fake-adapter';
export { location, Providers, renderAt, resetBrowserState, setUpI18n } from '@lab/testing';

export const CITY = 1;
export const GUEST_CART = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
