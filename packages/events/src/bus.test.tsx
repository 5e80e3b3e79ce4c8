import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { bus, emitOrKeep, takePending, useBusEvent } from './index';

function Opener() {
  const [fromCheckout, setFromCheckout] = useState<boolean | null>(null);
  useBusEvent('auth:open', (payload) => setFromCheckout(payload.fromCheckout), { takePending: true });
  return <p>{fromCheckout === null ? 'closed' : `open:${String(fromCheckout)}`}</p>;
}

describe('event bus', () => {
  afterEach(() => bus.all.clear());

  it('delivers a typed payload to every listener and stops after off', () => {
    const first = jest.fn();
    const second = jest.fn();
    bus.on('city:changed', first);
    bus.on('city:changed', second);
    bus.emit('city:changed', { cityId: 7 });
    expect(first).toHaveBeenCalledWith({ cityId: 7 });
    expect(second).toHaveBeenCalledWith({ cityId: 7 });
    bus.off('city:changed', first);
    bus.emit('city:changed', { cityId: 8 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenLastCalledWith({ cityId: 8 });
  });

  it('does not deliver one event to listeners of another', () => {
    const onRole = jest.fn();
    bus.on('role:changed', onRole);
    bus.emit('session:changed', { signedIn: true });
    expect(onRole).not.toHaveBeenCalled();
  });

  it('is one bus per page, even when the module is evaluated twice', () => {
    jest.isolateModules(() => {
      const again = require('./bus') as typeof import('./bus');
      expect(again.bus).toBe(bus);
    });
  });

  it('useBusEvent re-renders a component on the event and unsubscribes on unmount', () => {
    const { unmount } = render(<Opener />);
    expect(screen.getByText('closed')).toBeInTheDocument();
    act(() => bus.emit('auth:open', { fromCheckout: true }));
    expect(screen.getByText('open:true')).toBeInTheDocument();
    unmount();
    expect(bus.all.get('auth:open') ?? []).toHaveLength(0);
  });
});

describe('events kept for a listener that is still loading', () => {
  afterEach(() => bus.all.clear());

  it('emits at once when someone listens', () => {
    const listener = jest.fn();
    bus.on('auth:open', listener);
    emitOrKeep('auth:open', { fromCheckout: true });
    expect(listener).toHaveBeenCalledWith({ fromCheckout: true });
    expect(takePending('auth:open')).toBeUndefined();
  });

  it('hands a kept event to the first listener that mounts, once', () => {
    emitOrKeep('auth:open', { fromCheckout: false });
    const { unmount } = render(<Opener />);
    expect(screen.getByText('open:false')).toBeInTheDocument();
    unmount();
    render(<Opener />);
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
