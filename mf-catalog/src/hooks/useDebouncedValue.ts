import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delay` ms; an empty value passes at once when `immediateEmpty`. */
export function useDebouncedValue<T>(value: T, delay: number, immediateEmpty = false): T {
  const [debounced, setDebounced] = useState(value);
  const skip = immediateEmpty && (value === '' || value === null || value === undefined);
  useEffect(() => {
    if (skip) {
      setDebounced(value);
      return;
    }
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, skip]);
  return skip ? value : debounced;
}
