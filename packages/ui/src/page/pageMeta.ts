import { useEffect, useSyncExternalStore } from 'react';

/**
 * Page metadata of spec section 2 ("read on each navigation"): whichever app renders the page (the
 * shell or a remote) declares it; the shell writes it into <head>. One store per page, because
 * @lab/ui is a shared singleton.
 */
export type PageMeta = {
  title?: string;
  description?: string;
  keyWords?: string;
  og?: { title?: string; description?: string; url?: string; image?: string };
  /** adds Organization and WebSite (with SearchAction) structured data */
  organization?: boolean;
  /** extra JSON-LD objects (a product, an article ...) */
  structuredData?: readonly Record<string, unknown>[];
};

type Listener = () => void;
let current: PageMeta = {};
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function setPageMeta(meta: PageMeta): void {
  current = meta;
  emit();
}

export function getPageMeta(): PageMeta {
  return current;
}

export function subscribePageMeta(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Declares the page's metadata while the calling page is mounted. */
export function usePageMeta(meta: PageMeta): void {
  const serialized = JSON.stringify(meta);
  useEffect(() => {
    setPageMeta(JSON.parse(serialized) as PageMeta);
    return () => {
      if (JSON.stringify(current) === serialized) setPageMeta({});
    };
  }, [serialized]);
}

/** The shell's view of the current page's metadata. */
export function useCurrentPageMeta(): PageMeta {
  return useSyncExternalStore(subscribePageMeta, getPageMeta, getPageMeta);
}
