import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Toaster, type ToastItem, type ToastTone } from './Toaster';

export type { ToastItem, ToastTone } from './Toaster';

/** docs/product.md#constants: message display time 3 s. */
export const TOAST_DURATION = 3000;

export interface ToastOptions {
  /** `error` is announced at once (role=alert); the others politely (role=status). */
  tone?: ToastTone;
  /** Ms before it goes away by itself; 0 keeps it until closed. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a message; returns its id for `dismiss`. */
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the page's messages and renders them once, in live regions that exist before any message. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const lastId = useRef(0);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (message: string, { tone = 'info', duration = TOAST_DURATION }: ToastOptions = {}) => {
      lastId.current += 1;
      const id = lastId.current;
      setItems((list) => [...list, { id, message, tone }]);
      if (duration > 0)
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster items={items} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** `show` and `dismiss` of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
