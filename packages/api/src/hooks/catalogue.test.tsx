import { initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { SWRConfig } from 'swr';
import type { Cart } from '../contract/cart';
import { getStored, setStored } from '../storage';
import type { ApiRequest } from '../test/fakeAdapter';
import { bodyOf, installAdapter, ok, type Reply } from '../test/fakeAdapter';
import { card } from '../test/fixtures';
import { useServiceList, useServicePackages } from './useServices';
import { useVisitorCart } from './useVisitorCart';

const CART_ID = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
const NEW_CART_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const CITY = 7;

beforeAll(() => initI18n('ua'));
beforeEach(() => window.localStorage.clear());

function Cache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

function cart(id: string, serviceIds: number[]): Cart {
  return {
    id,
    items: serviceIds.map((serviceId) => ({
      serviceId,
      price: 100,
      initialPrice: 100,
      originalPrice: 100,
      service: { ...card(serviceId), additionalServices: [] },
    })),
    additionalItems: [],
    totalPrice: 100 * serviceIds.length,
    originalTotalPrice: 100 * serviceIds.length,
    promo: null,
  };
}

function List({ groupId }: { groupId: number }) {
  const list = useServiceList({ settlementId: CITY, groupIds: [groupId] }, 2);
  return (
    <div>
      <span data-testid="items">{list.items.map((item) => item.id).join(',')}</span>
      <span data-testid="total">{list.total}</span>
      {list.hasMore && (
        <button type="button" onClick={list.loadMore}>
          more
        </button>
      )}
    </div>
  );
}

function Switcher() {
  const [group, setGroup] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setGroup(2)}>
        switch
      </button>
      <List groupId={group} />
    </>
  );
}

function Packages({ id }: { id: number | null }) {
  const { data } = useServicePackages(id, CITY);
  return <span data-testid="packages">{data ? data.map((item) => item.id).join(',') : 'none'}</span>;
}

function Visitor() {
  const { add, data, has } = useVisitorCart();
  return (
    <div>
      <span data-testid="count">{data ? data.items.length : 'none'}</span>
      <span data-testid="has">{has(42) ? 'in cart' : 'not in cart'}</span>
      <button type="button" onClick={() => void add([42])}>
        add
      </button>
    </div>
  );
}

/** A second «add» on the page, for another service. */
function Other() {
  const { add } = useVisitorCart();
  return (
    <button type="button" onClick={() => void add([43])}>
      add 43
    </button>
  );
}

/** A visitor whose add may fail: says so, and whether the service shows as in the cart. */
function Refused() {
  const { add, has } = useVisitorCart();
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <span data-testid="has">{has(42) ? 'in cart' : 'not in cart'}</span>
      <span data-testid="failed">{failed ? 'failed' : ''}</span>
      <button type="button" onClick={() => void add([42]).catch(() => setFailed(true))}>
        add
      </button>
    </div>
  );
}

describe('useServiceList', () => {
  it('appends pages and stops on the last one', async () => {
    const requests = installAdapter((request) => {
      const page = Number((request.params as { page: number }).page);
      return ok({ content: [card(page * 2 + 1), card(page * 2 + 2)], page, totalPages: 2, totalElements: 4 });
    });
    render(
      <Cache>
        <List groupId={1} />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('items')).toHaveTextContent('1,2'));
    expect(screen.getByTestId('total')).toHaveTextContent('4');
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('items')).toHaveTextContent('1,2,3,4'));
    expect(screen.queryByRole('button', { name: 'more' })).not.toBeInTheDocument();
    expect(requests.map((request) => (request.params as { page: number }).page)).toEqual([0, 1]);
    expect(bodyOf(requests[0] as ApiRequest)).toEqual({
      settlementId: CITY,
      groupIds: [1],
      sort: 'group',
      showOnSite: true,
    });
  });

  it('cancels the pending request when the filter changes', async () => {
    const signals: AbortSignal[] = [];
    installAdapter(
      (request) =>
        new Promise<Reply>((resolve) => {
          const signal = request.signal as AbortSignal;
          signals.push(signal);
          const groupIds = (bodyOf(request) as { groupIds: number[] }).groupIds;
          if (groupIds[0] === 2) resolve(ok({ content: [card(20)], page: 0, totalPages: 1, totalElements: 1 }));
          // the first list never answers on its own
        }),
    );
    render(
      <Cache>
        <Switcher />
      </Cache>,
    );
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(screen.getByTestId('items')).toHaveTextContent('20'));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });
});

describe('useServicePackages', () => {
  it('asks for the packages of a service in the city, and nothing without an id', async () => {
    const requests = installAdapter(() => ok([card(5)]));
    const { rerender } = render(
      <Cache>
        <Packages id={null} />
      </Cache>,
    );
    await act(async () => {});
    expect(requests).toHaveLength(0);
    rerender(
      <Cache>
        <Packages id={3} />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('packages')).toHaveTextContent('5'));
    expect(requests[0]?.url).toBe('/service/services/infos/3/packages');
    expect(requests[0]?.params).toEqual({ settlementId: CITY });
  });
});

describe('useVisitorCart', () => {
  /** A guest on a fake server that knows the carts in `known`. */
  function serve(known: Map<string, number[]>, held?: Promise<void>) {
    return installAdapter(async (request) => {
      const url = request.url ?? '';
      if (url === '/info') return ok({ canLogin: true });
      if (request.method === 'post') await held;
      if (request.method === 'post' && url === '/cart/carts') {
        const items = [...((bodyOf(request) as { serviceIds?: number[] }).serviceIds ?? [])];
        known.set(NEW_CART_ID, items);
        return ok(cart(NEW_CART_ID, items));
      }
      const id = url.split('/')[3] ?? '';
      const items = known.get(id);
      if (!items) return { status: 404, data: { code: 'not-found', message: 'Кошик не знайдено' } };
      if (url.endsWith('/add')) items.push(...(bodyOf(request) as { serviceIds: number[] }).serviceIds);
      return ok(cart(id, items));
    });
  }

  it('shows the service in the cart at once, and creates the guest cart with it in one call', async () => {
    setStored('cityId', CITY);
    let answer = () => {};
    const requests = serve(new Map(), new Promise<void>((resolve) => (answer = resolve)));
    render(
      <Cache>
        <Visitor />
      </Cache>,
    );
    await act(async () => {});
    expect(screen.getByTestId('count')).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    // the server has not answered yet: the button's "added" state does not wait for it
    expect(screen.getByTestId('has')).toHaveTextContent('in cart');
    expect(getStored('cartId')).toBeNull();
    answer();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(screen.getByTestId('has')).toHaveTextContent('in cart');
    expect(getStored('cartId')).toBe(NEW_CART_ID);
    const posts = requests.filter((request) => request.method === 'post');
    expect(posts.map((request) => request.url)).toEqual(['/cart/carts']);
    expect(bodyOf(posts[0] as ApiRequest)).toEqual({ serviceIds: [42] });
    expect(posts[0]?.params).toEqual({ settlementId: CITY });
  });

  it('makes one guest cart and one line per service however often «add» is tapped while the server works', async () => {
    setStored('cityId', CITY);
    let answer = () => {};
    const requests = serve(new Map(), new Promise<void>((resolve) => (answer = resolve)));
    render(
      <Cache>
        <Visitor />
        <Other />
      </Cache>,
    );
    await act(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await userEvent.click(screen.getByRole('button', { name: 'add 43' }));
    answer();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    const posts = requests.filter((request) => request.method === 'post').map((request) => request.url);
    expect(posts).toEqual(['/cart/carts', `/cart/carts/${NEW_CART_ID}/add`]);
    expect(getStored('cartId')).toBe(NEW_CART_ID);
  });

  it('takes the service out again when the server refuses it', async () => {
    setStored('cityId', CITY);
    installAdapter((request) =>
      request.url === '/info'
        ? ok({ canLogin: true })
        : { status: 400, data: { code: 'service-unavailable', message: 'Послуга недоступна' } },
    );
    render(
      <Cache>
        <Refused />
      </Cache>,
    );
    await act(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(screen.getByTestId('failed')).toHaveTextContent('failed'));
    expect(screen.getByTestId('has')).toHaveTextContent('not in cart');
    expect(getStored('cartId')).toBeNull();
  });

  it('adds to the stored cart, and replaces a stored cart the server no longer has', async () => {
    setStored('cityId', CITY);
    setStored('cartId', CART_ID);
    const known = new Map([[CART_ID, [1]]]);
    const requests = serve(known);
    const { unmount } = render(
      <Cache>
        <Visitor />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(requests.filter((request) => request.url === '/cart/carts')).toHaveLength(0);
    unmount();

    known.clear();
    render(
      <Cache>
        <Visitor />
      </Cache>,
    );
    await act(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(getStored('cartId')).toBe(NEW_CART_ID);
  });
});
