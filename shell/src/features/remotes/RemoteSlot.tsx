import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useState,
} from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { loadExposed } from './registry';
import type { ExposedName, ExposedProps, RemoteName } from './types';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** One lazy component per remote module and load generation, shared by every slot that mounts it. */
const lazyComponents = new Map<string, LazyExoticComponent<AnyComponent>>();
const failedGeneration = new Map<string, number>();

function lazyExposed(remote: RemoteName, module: string, generation: number): LazyExoticComponent<AnyComponent> {
  const key = `${remote}/${module}#${generation}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(async () => {
      const loaded = (await loadExposed(remote, module as never, generation > 0)) as { default: AnyComponent };
      return { default: loaded.default };
    });
    lazyComponents.set(key, component);
  }
  return component;
}

type RemoteSlotProps<R extends RemoteName, M extends ExposedName<R>> = {
  remote: R;
  module: M;
  /** what shows while the remote loads (a skeleton of the slot's size, so nothing shifts) */
  placeholder?: ReactNode;
  /** `compact` renders the failure fallback inline, for header slots */
  variant?: 'block' | 'compact';
} & /* props may be left out only when the component requires none */ (Record<string, never> extends ExposedProps<R, M>
  ? { props?: ExposedProps<R, M> }
  : { props: ExposedProps<R, M> });

/**
 * Mounts one exposed component of a remote. If the remote cannot be loaded (down, 404, bad chunk)
 * or throws while rendering, only this slot shows a localized fallback with a retry.
 */
export function RemoteSlot<R extends RemoteName, M extends ExposedName<R>>({
  remote,
  module,
  props,
  placeholder = null,
  variant = 'block',
}: RemoteSlotProps<R, M>) {
  const key = `${remote}/${module}`;
  const [generation, setGeneration] = useState(() => failedGeneration.get(key) ?? 0);
  const retry = useCallback(() => {
    const next = (failedGeneration.get(key) ?? 0) + 1;
    failedGeneration.set(key, next);
    setGeneration(next);
  }, [key]);
  const Component = lazyExposed(remote, module, generation);
  return (
    <RemoteBoundary key={generation} remote={remote} onRetry={retry} variant={variant}>
      <Suspense fallback={placeholder}>
        <Component {...((props ?? {}) as Record<string, unknown>)} />
      </Suspense>
    </RemoteBoundary>
  );
}
