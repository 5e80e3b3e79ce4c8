import { startVitals } from './start';

const loaded = jest.fn();
jest.mock('web-vitals', () => {
  loaded();
  const on = () => undefined;
  return { onCLS: on, onFCP: on, onINP: on, onLCP: on, onTTFB: on };
});

const facts = { route: () => '/', locale: () => 'ua' as const, remotes: () => ({}) };

describe('real-user monitoring', () => {
  it("loads web-vitals only after the app's first render, when the page is idle", async () => {
    jest.useFakeTimers();
    let render: (value?: unknown) => void = () => undefined;
    const rendered = new Promise((resolve) => {
      render = resolve;
    });
    startVitals(facts, rendered);
    // a page whose first render waits (a remote's routes): however long, no web-vitals meanwhile
    await jest.advanceTimersByTimeAsync(5000);
    expect(loaded).not.toHaveBeenCalled();
    render();
    await jest.advanceTimersByTimeAsync(1000);
    await jest.runAllTimersAsync();
    expect(loaded).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});
