import { useEffect, useState } from 'react';

/** A place on the map. */
export type Point = { lat: number; lon: number };

/** The browser's cached position is reused for this long (the city detection's, moments ago). */
const MAX_AGE_MS = 30 * 60_000;

/**
 * The visitor's position when the site may already have it: only where geolocation is granted (the
 * city detection asked for it), and then the browser's cached fix. Never a new prompt: without that
 * permission, or on any failure, null (the branches keep the server's order).
 */
export function useKnownPosition(): Point | null {
  const [position, setPosition] = useState<Point | null>(null);
  useEffect(() => {
    let cancelled = false;
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    const permissions = typeof navigator === 'undefined' ? undefined : navigator.permissions;
    if (!geolocation || !permissions?.query) return;
    permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled || status.state !== 'granted') return;
        geolocation.getCurrentPosition(
          ({ coords }) => {
            if (!cancelled) setPosition({ lat: coords.latitude, lon: coords.longitude });
          },
          () => undefined,
          { maximumAge: MAX_AGE_MS, timeout: 5000 },
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return position;
}
