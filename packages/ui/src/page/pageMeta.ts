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

/** What a server render (a remote's page preview) collects: the meta its page declared while rendering. */
let serverRender: { meta: PageMeta | null; origin: string } | null = null;

/**
 * Runs one synchronous server render and answers the page metadata the rendered page declared (effects
 * do not run on the server, so usePageMeta hands it over while rendering): the first view's head then
 * says what the page will say once its scripts run, from the page's own definition. `origin` stands for
 * `window.location.origin` in that render (pageOrigin).
 */
export function collectPageMeta<T>(origin: string, render: () => T): { result: T; meta: PageMeta | null } {
  const collecting = { meta: null as PageMeta | null, origin };
  serverRender = collecting;
  try {
    return { result: render(), meta: collecting.meta };
  } finally {
    serverRender = null;
  }
}

/** The site's origin: the browser's, or the one a server render was given. */
export function pageOrigin(): string {
  if (serverRender) return serverRender.origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Declares the page's metadata while the calling page is mounted. */
export function usePageMeta(meta: PageMeta): void {
  if (serverRender) serverRender.meta = meta;
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
