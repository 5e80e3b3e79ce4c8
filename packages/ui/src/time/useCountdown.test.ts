import { act, renderHook } from '@testing-library/react';
import { secondsLeft, useCountdown } from './useCountdown';

describe('the resend countdown', () => {
  it('shows whole seconds rounded up and never below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(59_001, 0)).toBe(60);
    expect(secondsLeft(1_500, 0)).toBe(2);
    expect(secondsLeft(1, 0)).toBe(1);
    expect(secondsLeft(0, 0)).toBe(0);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });

  it('ticks down to zero and restarts with the full time on a new start', () => {
    jest.useFakeTimers();
    try {
      const first = { timeToNextSend: 2_500 };
      const hook = renderHook(({ sent }) => useCountdown(sent.timeToNextSend, sent), {
        initialProps: { sent: first },
      });
      expect(hook.result.current).toBe(3);
      act(() => jest.advanceTimersByTime(500));
      expect(hook.result.current).toBe(2);
      act(() => jest.advanceTimersByTime(2_000));
      expect(hook.result.current).toBe(0);
      act(() => jest.advanceTimersByTime(5_000));
      expect(hook.result.current).toBe(0);
      // the same duration, but another answer: a restart
      const second = { timeToNextSend: 2_500 };
      hook.rerender({ sent: second });
      expect(hook.result.current).toBe(3);
      act(() => jest.advanceTimersByTime(1_000));
      // a re-render with the same answer does not restart
      hook.rerender({ sent: second });
      expect(hook.result.current).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
