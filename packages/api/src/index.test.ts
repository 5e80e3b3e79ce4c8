import { initI18n } from '@lab/i18n';
import * as entry from './index';
import { bodyOf, installAdapter, ok } from './test/fakeAdapter';

const STORED = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
const CREATED = '9b2e4c6d-1a3f-4e5b-8c7d-6e5f4a3b2c1d';

beforeAll(() => initI18n('ua'));
afterEach(() => window.localStorage.clear());

describe('package entry', () => {
  it('exposes clients, calls, hooks and storage, and no schema objects', () => {
    expect(typeof entry.api.cart.add).toBe('function');
    expect(typeof entry.useCart).toBe('function');
    expect(typeof entry.useSession).toBe('function');
    expect(typeof entry.apiKeys.cart).toBe('function');
    expect(entry.STORAGE_KEYS).toContain('searchHistory');
    expect(entry.toDisplayPrice({ price: { price: 90 }, originalPrice: { price: 100 } })).toEqual({
      type: 'discount',
      price: 90,
      fullPrice: 100,
    });
    // the route table and schemas stay on the server side
    expect('routes' in entry).toBe(false);
    expect('RegistrationPayload' in entry).toBe(false);
  });
});

describe('ensureGuestCart', () => {
  const emptyCart = (id: string) => ({
    id,
    items: [],
    additionalItems: [],
    totalPrice: 0,
    originalTotalPrice: 0,
    promo: null,
  });

  it('keeps a stored cart that still exists', async () => {
    window.localStorage.setItem('cartId', JSON.stringify(STORED));
    const requests = installAdapter(() => ok(emptyCart(STORED)));
    await expect(entry.ensureGuestCart(7)).resolves.toMatchObject({ id: STORED });
    expect(requests).toHaveLength(1);
  });

  it('creates and stores a new cart when the stored one is gone', async () => {
    window.localStorage.setItem('cartId', JSON.stringify(STORED));
    const requests = installAdapter((request) =>
      request.method === 'get'
        ? { status: 404, data: { code: 'not-found', message: 'Cart not found' } }
        : ok(emptyCart(CREATED)),
    );
    await expect(entry.ensureGuestCart(7)).resolves.toMatchObject({ id: CREATED });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `get /cart/carts/${STORED}`,
      'post /cart/carts',
    ]);
    expect(bodyOf(requests[1] as NonNullable<(typeof requests)[1]>)).toEqual({});
    expect(entry.getStored('cartId')).toBe(CREATED);
  });
});

describe('branchLabel', () => {
  it('names a branch once when its title is its address, else title and address', () => {
    expect(entry.branchLabel({ title: 'вул. Хрещатик, 67', address: 'вул. Хрещатик, 67' })).toBe('вул. Хрещатик, 67');
    expect(entry.branchLabel({ title: 'Відділення на Подолі', address: 'вул. Сагайдачного, 10' })).toBe(
      'Відділення на Подолі, вул. Сагайдачного, 10',
    );
    expect(entry.branchLabel({ title: 'Відділення', address: null })).toBe('Відділення');
  });
});
