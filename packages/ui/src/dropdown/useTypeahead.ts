import { useCallback, useEffect, useRef } from 'react';
import { TYPEAHEAD_RESET_MS } from './options';

/** Collects characters typed in quick succession; returns the text so far after each one. */
export function useTypeahead(): { type: (char: string) => string; pending: () => boolean } {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const type = useCallback((char: string) => {
    clearTimeout(timer.current);
    buffer.current += char;
    timer.current = setTimeout(() => {
      buffer.current = '';
    }, TYPEAHEAD_RESET_MS);
    return buffer.current;
  }, []);

  // While a search is being typed, Space is part of it rather than "select".
  const pending = useCallback(() => buffer.current !== '', []);
  return { type, pending };
}
