import { useStored } from '@lab/api';
import type { PageRoute } from '@lab/pages/routes';
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
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { arrivedPage, loadPage } from './pageCode';
import { usePageFirstOpen, usePageHold } from './pageFirst';
import { peekPagePreview, takePagePreview } from './pagePreview';
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
  /** `after-page`: a control around the page (header buttons, modals), fetched once the page's content has arrived (pageFirst.ts) */
  order?: 'after-page';
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
  const pageArrived = usePageFirstOpen();
  if (order === 'after-page' && !pageArrived) return placeholder;
  const Component = lazyExposed(remote, module, generation);
  return (
    <RemoteBoundary
      key={generation}
      remote={remote}
      module={module}
      onRetry={retry}
      variant={variant}
      message={unavailableMessage}
    >
      <Suspense fallback={placeholder}>
        <Component {...((props ?? {}) as Record<string, unknown>)} />
      </Suspense>
    </RemoteBoundary>
  );
}

/**
 * Runs `run` after the browser has painted the next frame (a task queued from the frame's callback runs
 * after its paint). What it starts is then not before the page's largest paint: Lighthouse counts every
 * request started before that paint in its path.
 */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Mounts with the remote's component (its Suspense sibling), then runs `run` once the content has no
 * skeleton left (@lab/ui's Skeleton marks itself data-skeleton) and has been painted: the page's data
 * is on screen.
 */
function WhenShown({ content, run }: { content: RefObject<HTMLElement | null>; run: () => void }) {
  useEffect(() => {
    const element = content.current;
    const shown = () => !element?.querySelector('[data-skeleton]');
    let cancelRun = () => {};
    if (!element || shown()) return afterNextPaint(run);
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      cancelRun = afterNextPaint(run);
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelRun();
    };
  }, [content, run]);
  return null;
}

/** One lazy component per remote page and load generation. */
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(route: PageRoute, generation: number): LazyExoticComponent<ComponentType> {
  const key = `${route.id}#${generation}`;
  let component = lazyPages.get(key);
  if (!component) {
    component = lazy(() => loadPage(route).then((Component) => ({ default: Component })));
    lazyPages.set(key, component);
  }
  return component;
}

/**
 * The server's preview, the element itself, moved out of the first view React took away and into the
 * page's place before the frame is painted: no copy of its markup is parsed again.
 */
function KeptPreview({ node }: { node: Element }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.append(node);
    return () => node.remove();
  }, [node]);
  return <div ref={box} style={{ display: 'contents' }} />;
}

/**
 * A remote's page, mounted by its route (remoteRoutes.tsx): fetched before the controls around it.
 * On the page the browser opened, the server's preview of it stays on screen until the remote
 * renders (a route with pages under it shows it while its own code loads, and leaves it to the page);
 * a page that cannot be loaded or throws shows the remote's fallback with a retry.
 */
export function RemotePage({ remote, route }: { remote: RemoteName; route: PageRoute }) {
  const { pathname, search } = useLocation();
  const [preview] = useState(() => (route.children ? peekPagePreview : takePagePreview)(`${pathname}${search}`));
  const [generation, setGeneration] = useState(0);
  const retry = useCallback(() => setGeneration((current) => current + 1), []);
  const release = usePageHold(true);
  const pageRef = useRef<HTMLDivElement>(null);
  // the preview shows a first visit's city: the remote renders once the city controller has stored it
  // (until then its page would show placeholders between the preview and itself)
  const cityStored = useStored('cityId') != null;
  const placeholder = preview ? <KeptPreview node={preview.node} /> : null;
  if (placeholder && preview?.cityBound && !cityStored) return placeholder;
  // arrived already (the router's loader waited for it): drawn at once; else loaded here, with a retry
  const Page = (generation === 0 && arrivedPage(route)) || lazyPage(route, generation);
  return (
    // a box that takes no part in the layout: only there to see the page's content arrive
    <div ref={pageRef} style={{ display: 'contents' }}>
      <RemoteBoundary
        key={generation}
        remote={remote}
        module={`./routes/${route.id}`}
        onRetry={retry}
        onFailure={release}
        variant="block"
      >
        <Suspense fallback={placeholder}>
          <Page />
          <WhenShown content={pageRef} run={release} />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
