import { useDeferredValue, useMemo } from 'react';

/**
 * A city's answer for cards drawn in a render of their own: SWR hands an answer over in a synchronous
 * render, and eight cards drawn there kept a phone's main thread 60-110 ms (docs/performance.md). The
 * deferred render yields to input; meanwhile the skeleton stays, never another city's cards.
 */
export function useCityAnswer<T>(cityId: number | null | undefined, answer: T | undefined): T | undefined {
  const current = useMemo(() => ({ cityId, answer }), [cityId, answer]);
  const deferred = useDeferredValue(current);
  return deferred.cityId === cityId ? deferred.answer : undefined;
}
