import { useEffect, useSyncExternalStore } from 'react';

/**
 * docs/product.md#breadcrumbs: breadcrumb labels "can be changed later by breadcrumb id" — a route names a crumb
 * `category`, and the page that loads the category's title replaces its label.
 */
type Listener = () => void;
let labels: Readonly<Record<string, string>> = {};
const listeners = new Set<Listener>();

export function setBreadcrumbLabel(id: string, label: string | null): void {
  const next = { ...labels };
  if (label == null) delete next[id];
  else next[id] = label;
  labels = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBreadcrumbLabels(): Readonly<Record<string, string>> {
  return useSyncExternalStore(
    subscribe,
    () => labels,
    () => labels,
  );
}

/** Sets a crumb's label while the calling page is mounted. */
export function useBreadcrumbLabel(id: string, label: string | null | undefined): void {
  useEffect(() => {
    if (!label) return;
    setBreadcrumbLabel(id, label);
    return () => setBreadcrumbLabel(id, null);
  }, [id, label]);
}
