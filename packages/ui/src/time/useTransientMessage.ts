import { useCallback, useEffect, useState } from 'react';

/** docs/product.md#constants: messages are shown for 3 s (resend and registration failures, docs/product.md#errors). */
export const MESSAGE_DURATION_MS = 3000;

type Shown = { text: string; serial: number } | null;

/**
 * A message that clears itself after `durationMs`; showing one again (even the same text) restarts
 * the time. Answers the text and a setter (null clears at once).
 */
export function useTransientMessage(durationMs = MESSAGE_DURATION_MS): [string | null, (text: string | null) => void] {
  const [shown, setShown] = useState<Shown>(null);
  const show = useCallback((text: string | null) => {
    setShown((previous) => (text === null ? null : { text, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), durationMs);
    return () => clearTimeout(timer);
  }, [shown, durationMs]);
  return [shown?.text ?? null, show];
}
