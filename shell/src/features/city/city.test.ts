import type { Settlement } from '@lab/api';
import { bus } from '@lab/events';
import { createCityAnnouncer } from './announcer';
import { currentPosition, detectSettlement, GEOLOCATION_TIMEOUT_MS } from './detect';
import { filterSettlements } from './filter';

const city = (id: number, title: string, sourceId: string): Settlement => ({ id, title, sourceId, lat: 50, lon: 30 });
const settlements = [city(1, 'Київ', 'kyiv'), city(2, 'Львів', 'lviv'), city(3, 'Біла Церква', 'bila-tserkva')];
const position = () => Promise.resolve({ lat: 49.84, lon: 24.03 });
const denied = () => Promise.reject(new Error('denied'));

describe('city detection (docs/product.md#city)', () => {
  it('takes the nearest city of the browser position', async () => {
    const nearest = jest.fn().mockResolvedValue({ id: 2 });
    await expect(detectSettlement({ settlements, position, nearest, defaultId: null })).resolves.toEqual({
      id: 2,
      source: 'geolocation',
    });
    expect(nearest).toHaveBeenCalledWith({ lat: 49.84, lon: 24.03 });
  });

  it('falls back to VITE_SETTLEMENT_ID when geolocation fails, else to the first city', async () => {
    const nearest = jest.fn();
    await expect(detectSettlement({ settlements, position: denied, nearest, defaultId: 3 })).resolves.toEqual({
      id: 3,
      source: 'default',
    });
    await expect(detectSettlement({ settlements, position: denied, nearest, defaultId: null })).resolves.toEqual({
      id: 1,
      source: 'first',
    });
    // a default the list does not know is no city
    await expect(detectSettlement({ settlements, position: denied, nearest, defaultId: 99 })).resolves.toEqual({
      id: 1,
      source: 'first',
    });
    expect(nearest).not.toHaveBeenCalled();
  });

  it('falls back to the first known city when the nearest-city lookup fails', async () => {
    const nearest = jest.fn().mockRejectedValue(new Error('500'));
    await expect(detectSettlement({ settlements, position, nearest, defaultId: 3 })).resolves.toEqual({
      id: 1,
      source: 'first',
    });
  });

  it('detects nothing without a city list', async () => {
    await expect(detectSettlement({ settlements: [], position, nearest: jest.fn(), defaultId: 1 })).resolves.toBeNull();
  });

  it('asks the browser for a high-accuracy position with a 5000 ms timeout', async () => {
    const getCurrentPosition = jest.fn((success: PositionCallback, _failure?: unknown, _options?: PositionOptions) =>
      success({ coords: { latitude: 50.45, longitude: 30.52 } } as GeolocationPosition),
    );
    const geolocation = { getCurrentPosition } as unknown as Geolocation;
    await expect(currentPosition(geolocation)).resolves.toEqual({ lat: 50.45, lon: 30.52 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
    expect(GEOLOCATION_TIMEOUT_MS).toBe(5000);
    await expect(currentPosition(undefined)).rejects.toThrow();
  });
});

describe('city search (docs/product.md#validation)', () => {
  it('matches a case-insensitive substring of the title', () => {
    expect(filterSettlements(settlements, 'ЛЬВ', 'uk').map((c) => c.id)).toEqual([2]);
    expect(filterSettlements(settlements, 'церк', 'uk').map((c) => c.id)).toEqual([3]);
  });

  it('sorts alphabetically by title and gives nothing for no match', () => {
    expect(filterSettlements(settlements, '', 'uk').map((c) => c.title)).toEqual(['Біла Церква', 'Київ', 'Львів']);
    expect(filterSettlements(settlements, 'Париж', 'uk')).toEqual([]);
  });
});

describe('city change announcement', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    bus.all.clear();
  });

  it('emits city:changed 1000 ms after the change, once for quick re-picks', () => {
    const listener = jest.fn();
    bus.on('city:changed', listener);
    const announcer = createCityAnnouncer();
    announcer.announce(2);
    jest.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    announcer.announce(3);
    jest.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ cityId: 3 });
  });
});
