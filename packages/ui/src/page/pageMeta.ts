import { useEffect, useSyncExternalStore } from 'react';

/**
 * Page metadata of docs/product.md#page-metadata, "read on each navigation": the route's handle declares it, a page
 * may say more while it is mounted; the shell writes it into <head>. One store per page, because
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
/** the matched route's head (its handle, PageHandle.head), set by the shell */
let routeMeta: PageMeta = {};
/** what the mounted page says over it (usePageMeta): a state only it knows, a visitor's order number */
let pageMeta: PageMeta = {};
let current: PageMeta = {};
const listeners = new Set<Listener>();

function update() {
  current = { ...routeMeta, ...pageMeta };
  for (const listener of listeners) listener();
}

/** The route's head: what its handle declares from its data (the shell sets it on every navigation). */
export function setRouteMeta(meta: PageMeta): void {
  routeMeta = meta;
  update();
}

export function setPageMeta(meta: PageMeta): void {
  pageMeta = meta;
  update();
}

/** The page's head: its route's, with what the mounted page says over it. */
export function getPageMeta(): PageMeta {
  return current;
}

export function subscribePageMeta(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Says what only the mounted page knows of its head, over its route's (PageHandle.head, which the
 * server's first view writes too): a guest's prompt, a missing page, a visitor's order number.
 */
export function usePageMeta(meta: PageMeta): void {
  const serialized = JSON.stringify(meta);
  useEffect(() => {
    setPageMeta(JSON.parse(serialized) as PageMeta);
    return () => {
      if (JSON.stringify(pageMeta) === serialized) setPageMeta({});
    };
  }, [serialized]);
}

/** The shell's view of the current page's metadata. */
export function useCurrentPageMeta(): PageMeta {
  return useSyncExternalStore(subscribePageMeta, getPageMeta, getPageMeta);
}
