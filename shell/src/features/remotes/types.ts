import type { ExposedModules as AccountModules } from '@remote/mf_account';
import type { ExposedModules as AuthModules } from '@remote/mf_auth';
import type { ExposedModules as CartCheckoutModules } from '@remote/mf_cart_checkout';
import type { ExposedModules as CatalogModules } from '@remote/mf_catalog';
import type { ComponentProps, ComponentType } from 'react';

/**
 * What the shell may mount from each remote, typed by the remotes' own `exposes.ts` (type-only
 * imports: no remote code enters the shell's bundle, yet an incompatible change of an exposed
 * component's props fails the shell's type check).
 */
export interface RemoteModules {
  mf_catalog: CatalogModules;
  mf_cart_checkout: CartCheckoutModules;
  mf_account: AccountModules;
  mf_auth: AuthModules;
}

export type RemoteName = keyof RemoteModules;
export type ExposedName<R extends RemoteName> = keyof RemoteModules[R] & string;

type DefaultExport<T> = T extends { default: infer C } ? C : never;

/** The component a remote module exposes as its default export. */
export type ExposedComponent<R extends RemoteName, M extends ExposedName<R>> = DefaultExport<RemoteModules[R][M]>;

export type ExposedProps<R extends RemoteName, M extends ExposedName<R>> =
  ExposedComponent<R, M> extends ComponentType<infer P> ? P : never;

export type { ComponentProps };
