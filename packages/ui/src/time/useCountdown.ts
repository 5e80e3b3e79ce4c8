import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since the epoch), rounded up. */
export function secondsLeft(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Counts down from `durationMs` in whole seconds rounded up (docs/product.md#sign-in: the SMS resend timer
 * from timeToNextSend, at sign-in and at the phone change). A new `start` (each sent SMS's answer)
 * restarts it. Ticks land on the second boundaries of the deadline, so a throttled tab still shows
 * the right number when it wakes.
 */
export function useCountdown(durationMs: number, start: unknown): number {
  const [state, setState] = useState(() => ({ start, left: secondsLeft(Date.now() + durationMs) }));
  let left = state.left;
  if (state.start !== start) {
    // a restart shows the full time in the same render, without a flash of the old value
    left = secondsLeft(Date.now() + durationMs);
    setState({ start, left });
  }

  useEffect(() => {
    const deadline = Date.now() + durationMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const rest = secondsLeft(deadline, now);
      setState({ start, left: rest });
      if (rest > 0) timer = setTimeout(tick, (deadline - now) % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [durationMs, start]);

  return left;
}
