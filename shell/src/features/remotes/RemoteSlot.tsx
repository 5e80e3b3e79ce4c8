import { useStored } from '@lab/api';
import { useLocation } from '@lab/router';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { usePageFirstOpen, usePageHold } from './pageFirst';
import { takePagePreview } from './pagePreview';
import type { PageRemote } from './pages';
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
  /** the failure fallback's text, when the slot knows what is missing better than "this section" */
  unavailableMessage?: string;
  /**
   * `page`: the route's own content, fetched first; `after-page`: a control around it (header
   * buttons, modals), fetched once the page's content has arrived (pageFirst.ts)
   */
  order?: 'page' | 'after-page';
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
  unavailableMessage,
  order,
}: RemoteSlotProps<R, M>) {
  const key = `${remote}/${module}`;
  const [generation, setGeneration] = useState(() => failedGeneration.get(key) ?? 0);
  const retry = useCallback(() => {
    const next = (failedGeneration.get(key) ?? 0) + 1;
    failedGeneration.set(key, next);
    setGeneration(next);
  }, [key]);
  const releasePage = usePageHold(order === 'page');
  const pageArrived = usePageFirstOpen();
  const pageRef = useRef<HTMLDivElement>(null);
  if (order === 'after-page' && !pageArrived) return placeholder;
  const Component = lazyExposed(remote, module, generation);
  const slot = (
    <RemoteBoundary
      key={generation}
      remote={remote}
      onRetry={retry}
      onFailure={releasePage}
      variant={variant}
      message={unavailableMessage}
    >
      <Suspense fallback={placeholder}>
        <Component {...((props ?? {}) as Record<string, unknown>)} />
        {order === 'page' && <WhenShown content={pageRef} run={releasePage} />}
      </Suspense>
    </RemoteBoundary>
  );
  // a box that takes no part in the layout: only there to see the page's content arrive
  return order === 'page' ? (
    <div ref={pageRef} style={{ display: 'contents' }}>
      {slot}
    </div>
  ) : (
    slot
  );
}

/**
 * Mounts with the remote's component (its Suspense sibling), then runs `run` once the content has no
 * skeleton left (@lab/ui's Skeleton marks itself data-skeleton): the page's data is on screen.
 */
function WhenShown({ content, run }: { content: RefObject<HTMLElement | null>; run: () => void }) {
  useEffect(() => {
    const element = content.current;
    const shown = () => !element?.querySelector('[data-skeleton]');
    if (!element || shown()) {
      run();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      run();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [content, run]);
  return null;
}

/**
 * A route's remote page: fetched before the controls around it (pages.ts lists them). On the page the
 * browser opened, the server's preview of it stays on screen, inert, until the remote renders.
 */
export function PageSlot({ page }: { page: PageRemote }) {
  const { pathname, search } = useLocation();
  const [preview] = useState(() => takePagePreview(`${pathname}${search}`));
  // the preview shows a first visit's city: the remote renders once the city controller has stored it
  // (until then its page would show placeholders between the preview and itself)
  const cityStored = useStored('cityId') != null;
  // the union of (remote, module) pairs is checked in pages.ts; each pair takes no props
  const Slot = RemoteSlot as (props: {
    remote: RemoteName;
    module: string;
    order: 'page';
    placeholder: ReactNode;
  }) => ReactNode;
  const placeholder = preview ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, already in this page
    <div inert style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: preview }} />
  ) : null;
  if (placeholder && !cityStored) return placeholder;
  return <Slot remote={page.remote} module={page.module} order="page" placeholder={placeholder} />;
}
