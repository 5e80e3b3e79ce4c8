import { bus } from '@lab/events';

/** docs/product.md#city and #constants: the banner's owner hears of a city change 1000 ms after it happens. */
export const CITY_ANNOUNCE_DELAY_MS = 1000;

/** Emits `city:changed` once the city has stayed put for the delay; quick re-picks announce once. */
export function createCityAnnouncer(delayMs = CITY_ANNOUNCE_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    announce(cityId: number) {
      clearTimeout(timer);
      timer = setTimeout(() => bus.emit('city:changed', { cityId }), delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
