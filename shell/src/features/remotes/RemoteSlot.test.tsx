import { initI18n, setLocale } from '@lab/i18n';
import type { PageRoute } from '@lab/pages/routes';
import { MemoryRouter } from '@lab/router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import '../../app/i18n';
import { onRemoteFailure, type RemoteFailure, setPageRemotes } from './failures';
import { PAGE_FIRST_TIMEOUT_MS, resetPageFirst } from './pageFirst';
import { RemotePage, RemoteSlot } from './RemoteSlot';
import { loadExposed } from './registry';

jest.mock('./registry', () => ({ loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

function CartPage() {
  return <h1>Кошик</h1>;
}

/** A remote page with a bug: it throws while rendering. */
function Broken(): ReactNode {
  throw new Error('a bug in the remote');
}

function CartButton() {
  return <button type="button">Кошик (2)</button>;
}

/** A load the test finishes when it wants, like a remote on a slow network. */
function deferredLoad() {
  let finish: (component: () => ReactNode) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<never>((resolve, reject) => {
    finish = (component) => resolve({ default: component } as never);
    fail = reject;
  });
  return { promise, finish, fail };
}

type CartControl = 'CartButton' | 'UtmCapture';

/** A remote's route whose page the test hands over when it wants (each test its own route id). */
function pageRoute(id: string, page: Promise<{ Component: ComponentType }>): PageRoute {
  return { id, path: 'page', lazy: () => page, handle: { ns: 'shell' } };
}

/** The deferred load as a route's lazy: its component as the route's `Component`. */
const asRoute = (promise: Promise<never>) =>
  promise.then((module: { default: ComponentType }) => ({ Component: module.default }));

/** A control and a page of one first render, as the layout and the router mount them. */
function PageWithHeader({ page, control }: { page: PageRoute; control: CartControl }) {
  return (
    <MemoryRouter>
      <RemoteSlot remote="mf_cart_checkout" module={control} order="after-page" placeholder={<p>кнопка</p>} />
      <RemotePage remote="mf_cart_checkout" route={page} />
    </MemoryRouter>
  );
}

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteSlot', () => {
  it('shows the placeholder, then the remote component', async () => {
    load.mockResolvedValueOnce({ default: CartPage } as never);
    render(<RemoteSlot remote="mf_catalog" module="PopularServices" placeholder={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_catalog', 'PopularServices', false);
  });

  it('confines a failed load to a localized fallback whose retry loads again, forcing re-registration', async () => {
    load.mockReset();
    load.mockRejectedValueOnce(new Error('remote down')).mockResolvedValueOnce({ default: CartPage } as never);
    render(
      <>
        <p>rest of the page</p>
        <RemoteSlot remote="mf_catalog" module="PackagesShowcase" />
      </>,
    );
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Цей розділ тимчасово недоступний');
    expect(screen.getByText('rest of the page')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_catalog', 'PackagesShowcase', true);
  });

  it('tells real-user monitoring of a remote page that throws while rendering, with its release and route', async () => {
    setPageRemotes({ mf_catalog: { manifest: '/releases/0.1.0-abcdef0123/mf-manifest.json' } });
    const failures: RemoteFailure[] = [];
    const stop = onRemoteFailure((failure) => failures.push(failure));
    render(
      <MemoryRouter>
        <RemotePage remote="mf_catalog" route={pageRoute('broken-page', Promise.resolve({ Component: Broken }))} />
      </MemoryRouter>,
    );
    await screen.findByRole('alert');
    stop();
    expect(failures).toEqual([
      { remote: 'mf_catalog', version: '0.1.0-abcdef0123', kind: 'render', module: './routes/broken-page' },
    ]);
  });

  it('uses the short fallback in compact (header) slots and in ru', async () => {
    load.mockReset();
    load.mockRejectedValue(new Error('remote down'));
    await setLocale('ru');
    render(<RemoteSlot remote="mf_catalog" module="SearchButton" variant="compact" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Недоступно');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    await setLocale('ua');
  });

  describe('the page first, its controls after', () => {
    beforeEach(() => {
      load.mockReset();
      resetPageFirst();
    });

    it('fetches a header control only once the page remote has arrived', async () => {
      const page = deferredLoad();
      load.mockResolvedValue({ default: CartButton } as never);
      render(<PageWithHeader page={pageRoute('checkout', asRoute(page.promise))} control="CartButton" />);
      expect(screen.getByText('кнопка')).toBeInTheDocument();
      expect(load).not.toHaveBeenCalled();

      await act(async () => page.finish(CartPage));
      expect(screen.getByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
      expect(load.mock.calls.map(([, module]) => module)).toEqual(['CartButton']);
    });

    it('lets the controls load when the page remote fails, and on a page without one', async () => {
      const page = deferredLoad();
      load.mockResolvedValue({ default: CartButton } as never);
      render(<PageWithHeader page={pageRoute('payment-result', asRoute(page.promise))} control="UtmCapture" />);
      expect(load).not.toHaveBeenCalled();
      await act(async () => page.fail(new Error('remote down')));
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Цей розділ тимчасово недоступний');
    });

    it("loads the controls at once on a page whose content is the shell's own", async () => {
      load.mockResolvedValue({ default: CartButton } as never);
      render(
        <>
          <RemoteSlot remote="mf_auth" module="AuthModals" order="after-page" />
          <h1>Головна</h1>
        </>,
      );
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
    });

    it('stops waiting for a page remote that never answers', async () => {
      jest.useFakeTimers();
      try {
        load.mockResolvedValue({ default: CartButton } as never);
        render(
          <MemoryRouter>
            <RemoteSlot remote="mf_account" module="ProfileMenu" order="after-page" />
            <RemotePage remote="mf_catalog" route={pageRoute('service', new Promise(() => {}))} />
          </MemoryRouter>,
        );
        expect(load).not.toHaveBeenCalled();
        await act(async () => jest.advanceTimersByTime(PAGE_FIRST_TIMEOUT_MS));
        expect(load.mock.calls.map(([, module]) => module)).toEqual(['ProfileMenu']);
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
