// A remote page's code, asked for by the router's loader (on a navigation, before the page is shown) or
// by its slot, and kept once it has arrived: the slot then draws the page at once, without suspending.
import type { PageRoute } from '@lab/pages/routes';
import type { ComponentType } from 'react';

const arrived = new Map<string, ComponentType>();

/** Loads a route's page component; a failure is the caller's (the slot shows the remote's fallback). */
export async function loadPage(route: PageRoute): Promise<ComponentType> {
  const { Component } = await route.lazy();
  arrived.set(route.id, Component);
  return Component;
}

/** The route's page component, if its code has arrived. */
export const arrivedPage = (route: PageRoute): ComponentType | undefined => arrived.get(route.id);

/** For tests: nothing arrived. */
export function forgetPageCode(): void {
  arrived.clear();
}
