import { getStored, removeStored, STORAGE_KEYS, setStored } from './storage';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('browser storage', () => {
  it('uses the keys of docs/product.md#entities', () => {
    expect([...STORAGE_KEYS].sort()).toEqual(
      [
        'cityId',
        'nearestCityId',
        'cityShown',
        'cartId',
        'doctor',
        'doctorType',
        'lastOrdersDate',
        'lastPatientsDate',
        'utmParams',
        'searchHistory',
      ].sort(),
    );
  });

  it('round-trips typed values', () => {
    setStored('cityId', 7);
    setStored('cityShown', true);
    setStored('utmParams', { source: 'google', campaign: 'spring' });
    setStored('searchHistory', [
      { id: 1, title: 'Феритин', url: '/analysis/ferritin', category: 'services', type: 'services' },
    ]);
    expect(getStored('cityId')).toBe(7);
    expect(getStored('cityShown')).toBe(true);
    expect(getStored('utmParams')).toEqual({ source: 'google', campaign: 'spring' });
    expect(getStored('searchHistory')?.[0]?.title).toBe('Феритин');
    removeStored('cityId');
    expect(getStored('cityId')).toBeNull();
  });

  it('ignores values of the wrong shape and reads a bare string id', () => {
    window.localStorage.setItem('cityId', '"kyiv"');
    window.localStorage.setItem('searchHistory', '{"not":"a list"}');
    window.localStorage.setItem('cartId', '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f');
    expect(getStored('cityId')).toBeNull();
    expect(getStored('searchHistory')).toBeNull();
    expect(getStored('cartId')).toBe('3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f');
  });

  it('is safe when storage is unavailable', () => {
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => setStored('cartId', 'abc')).not.toThrow();
    expect(getStored('cartId')).toBeNull();
    expect(() => removeStored('cartId')).not.toThrow();
  });
});
