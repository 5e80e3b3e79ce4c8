import { firstSettlementId, type Settlement } from '@lab/api';

/** docs/product.md#city: geolocation with a 5000 ms timeout and high accuracy. */
export const GEOLOCATION_TIMEOUT_MS = 5000;

export type Position = { lat: number; lon: number };

export function currentPosition(geolocation: Geolocation | undefined, timeoutMs = GEOLOCATION_TIMEOUT_MS) {
  return new Promise<Position>((resolve, reject) => {
    if (!geolocation) return reject(new Error('geolocation unavailable'));
    geolocation.getCurrentPosition(({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude }), reject, {
      enableHighAccuracy: true,
      timeout: timeoutMs,
      maximumAge: 0,
    });
  });
}

export type Detection = { id: number; source: 'geolocation' | 'default' | 'first' };

type Dependencies = {
  settlements: readonly Settlement[];
  position: () => Promise<Position>;
  nearest: (position: Position) => Promise<{ id: number }>;
  /** VITE_SETTLEMENT_ID, when the deployment sets one */
  defaultId: number | null;
};

/**
 * docs/product.md#city: the nearest city of the browser's position; if geolocation fails, the default city
 * (VITE_SETTLEMENT_ID, otherwise the first city); if the nearest-city lookup fails, the first city.
 */
export async function detectSettlement({
  settlements,
  position,
  nearest,
  defaultId,
}: Dependencies): Promise<Detection | null> {
  const first = settlements[0];
  if (!first) return null;
  const known = (id: number | null | undefined) => id != null && settlements.some((city) => city.id === id);
  let coords: Position;
  try {
    coords = await position();
  } catch {
    return {
      id: firstSettlementId(settlements, defaultId) ?? first.id,
      source: known(defaultId) ? 'default' : 'first',
    };
  }
  try {
    const { id } = await nearest(coords);
    return known(id) ? { id, source: 'geolocation' } : { id: first.id, source: 'first' };
  } catch {
    return { id: first.id, source: 'first' };
  }
}
