import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { bus, emitOrKeep, takePending, useBusEvent, useKept } from './index';

function Opener() {
  const [fromCheckout, setFromCheckout] = useState<boolean | null>(null);
  useBusEvent('auth:open', (payload) => setFromCheckout(payload.fromCheckout), { takePending: true });
  return <p>{fromCheckout === null ? 'closed' : `open:${String(fromCheckout)}`}</p>;
}

/** The shell's way of loading a listener only once someone asked for it. */
function LoadsOnDemand() {
  const asked = useKept('auth:open');
  return asked ? <Opener /> : <p>not loaded</p>;
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

describe('loading a listener only once an event waits for it', () => {
  afterEach(() => {
    bus.all.clear();
    takePending('auth:open');
  });

  it('mounts the listener on the first kept event, which it then handles', () => {
    render(<LoadsOnDemand />);
    expect(screen.getByText('not loaded')).toBeInTheDocument();
    act(() => emitOrKeep('city:changed', { cityId: 3 }));
    expect(screen.getByText('not loaded')).toBeInTheDocument();
    act(() => emitOrKeep('auth:open', { fromCheckout: true }));
    expect(screen.getByText('open:true')).toBeInTheDocument();
    expect(takePending('auth:open')).toBeUndefined();
  });

  it('knows of an event kept before it rendered', () => {
    emitOrKeep('auth:open', { fromCheckout: false });
    render(<LoadsOnDemand />);
    expect(screen.getByText('open:false')).toBeInTheDocument();
  });

  it('stays loaded once the listener took the event', () => {
    render(<LoadsOnDemand />);
    act(() => emitOrKeep('auth:open', { fromCheckout: false }));
    expect(screen.getByText('open:false')).toBeInTheDocument();
    // a second request goes straight to the mounted listener
    act(() => emitOrKeep('auth:open', { fromCheckout: true }));
    expect(screen.getByText('open:true')).toBeInTheDocument();
  });

  it('stops watching when it unmounts before anyone asked', () => {
    const { unmount } = render(<LoadsOnDemand />);
    expect(globalThis.__labKeptWatchers?.size).toBe(1);
    unmount();
    expect(globalThis.__labKeptWatchers?.size).toBe(0);
  });
});
