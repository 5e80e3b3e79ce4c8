import { i18next, initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unstable_serialize } from 'swr';
import { unstable_serialize as serializeInfinite } from 'swr/infinite';
import type { Page } from '../contract/common';
import type { ServiceCard, ServiceGroupTreeResponse } from '../contract/services';
import type { SettlementsListResponse } from '../contract/settlements';
import { bodyOf, installAdapter, ok } from '../test/fakeAdapter';
import { card } from '../test/fixtures';
import { apiKeys } from './keys';
import {
  earlyCallsScript,
  PRIMED_ANSWERS_ELEMENT_ID,
  primeAnswers,
  primedEntries,
  readPrimedAnswers,
  rememberSession,
  startPageData,
} from './pageData';
import { type ApiRead, readPath, reads } from './reads';
import { useOrder } from './useCheckout';
import { useServiceGroupTree, useServiceList } from './useServices';
import { useSettlements } from './useSettlements';

beforeAll(() => initI18n('ua'));
afterEach(() => {
  document.body.innerHTML = '';
});

const list: SettlementsListResponse = {
  settlements: [{ id: 4, title: 'Полтава', sourceId: 'poltava', lat: 49.59, lon: 34.55 }],
  branchCount: 3,
};

function page(json: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PRIMED_ANSWERS_ELEMENT_ID;
  block.textContent = json;
  document.body.append(block);
}

function Cities() {
  const { data } = useSettlements();
  return <p>{data ? data.settlements.map((city) => city.title).join(', ') : 'loading'}</p>;
}

describe('answers the server put into the page', () => {
  it('reach the hook that reads their key without a request of its own', async () => {
    const requests = installAdapter(() => ok({ settlements: [], branchCount: 0 }));
    page(JSON.stringify([{ key: apiKeys.settlements('ua'), data: list }]));
    primeAnswers(readPrimedAnswers(document));
    render(<Cities />);
    expect(await screen.findByText('Полтава')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('are none when the block is missing, garbled or not a list of keyed answers', () => {
    expect(readPrimedAnswers(document)).toEqual([]);
    page('{"key": ');
    expect(readPrimedAnswers(document)).toEqual([]);
    document.body.innerHTML = '';
    page(JSON.stringify([{ key: 'settlements', data: 1 }, { data: 2 }, { key: ['menus', 'ua'], data: [] }]));
    expect(readPrimedAnswers(document)).toEqual([{ key: ['menus', 'ua'], data: [] }]);
  });
});

// primeAnswers writes into SWR's global cache (the page's one): every test below primes keys of its own

const pageOf = (ids: number[], page: number, totalPages: number, totalElements: number): Page<ServiceCard> => ({
  content: ids.map((id) => card(id)),
  page,
  totalPages,
  totalElements,
});

const trees: ServiceGroupTreeResponse = {
  services: [{ groupId: 1, slug: 'hematology', key: '1', title: 'Гематологія', childNodes: [] }],
  packageServices: [],
};

/** Lets the mounted hooks' effects and revalidations (and any request they start) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('primedEntries', () => {
  const filter = { settlementId: 4, groupIds: [1, 11, 12] };

  it('gives the first page of a service list both its own entry and the paged list’s', () => {
    const key = apiKeys.serviceList(filter, 20, 0, 'ua');
    const first = pageOf([1, 2], 0, 3, 45);
    const entries = primedEntries([{ key, data: first }]);
    expect(entries).toEqual([
      [unstable_serialize(key), first],
      [serializeInfinite(() => key), [first]],
    ]);
    // the paged list's entry is another one than the page's
    expect(entries[1]?.[0]).not.toBe(entries[0]?.[0]);
    expect(entries[1]?.[0]).toMatch(/^\$inf\$/);
  });

  it('gives any other answer, a later page of a list too, its own entry only, in order', () => {
    const later = apiKeys.serviceList(filter, 20, 1, 'ua');
    const second = pageOf([21], 1, 3, 45);
    expect(
      primedEntries([
        { key: apiKeys.serviceGroupTree('ua'), data: trees },
        { key: later, data: second },
        { key: apiKeys.settlements('ru'), data: list },
      ]),
    ).toEqual([
      [unstable_serialize(apiKeys.serviceGroupTree('ua')), trees],
      [unstable_serialize(later), second],
      [unstable_serialize(apiKeys.settlements('ru')), list],
    ]);
    expect(primedEntries([])).toEqual([]);
  });
});

type Seen = { isLoading: boolean; data: unknown; text: string };

function Tree({ seen }: { seen: Seen[] }) {
  const { data, isLoading } = useServiceGroupTree();
  const text = isLoading ? 'loading' : data ? data.services.map((group) => group.title).join(', ') : 'nothing';
  seen.push({ isLoading, data, text });
  return <p>{text}</p>;
}

function CityTitles({ seen }: { seen: Seen[] }) {
  const { data, isLoading } = useSettlements();
  const text = isLoading ? 'loading' : (data?.settlements.map((city) => city.title).join(', ') ?? '');
  seen.push({ isLoading, data, text });
  return <p>{text}</p>;
}

describe('a hook whose answer was primed', () => {
  it('has it on its first render: never a loading state, and no request', async () => {
    const requests = installAdapter(() => ok({ services: [], packageServices: [] }));
    primeAnswers([{ key: apiKeys.serviceGroupTree('ua'), data: trees }]);
    const seen: Seen[] = [];
    render(<Tree seen={seen} />);
    expect(seen[0]).toEqual({ isLoading: false, data: trees, text: 'Гематологія' });
    await settle();
    expect(screen.getByText('Гематологія')).toBeInTheDocument();
    expect(seen.map((render) => render.text)).not.toContain('loading');
    expect(seen.every((render) => render.data === trees)).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('useSettlements as well', async () => {
    const requests = installAdapter(() => ok({ settlements: [], branchCount: 0 }));
    const kyiv: SettlementsListResponse = {
      settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv', lat: 50.45, lon: 30.52 }],
      branchCount: 12,
    };
    // a key of its own: the first test primed the 'ua' list
    primeAnswers([{ key: apiKeys.settlements('ru'), data: kyiv }]);
    const seen: Seen[] = [];
    await act(() => i18next.changeLanguage('ru'));
    try {
      render(<CityTitles seen={seen} />);
      expect(seen[0]).toMatchObject({ isLoading: false, text: 'Київ' });
      await settle();
      expect(seen.map((render) => render.text)).not.toContain('loading');
      expect(requests).toHaveLength(0);
    } finally {
      await act(() => i18next.changeLanguage('ua'));
    }
  });
});

type ListSeen = { isLoading: boolean; ids: number[] };

function Services({ seen, groupId }: { seen: ListSeen[]; groupId: number }) {
  const list = useServiceList({ settlementId: 4, groupIds: [groupId] }, 2);
  seen.push({ isLoading: list.isLoading, ids: list.items.map((item) => item.id) });
  return (
    <div>
      <p>{list.isLoading ? 'loading' : list.items.map((item) => item.title).join(', ')}</p>
      {list.hasMore && (
        <button type="button" onClick={list.loadMore}>
          more
        </button>
      )}
    </div>
  );
}

describe('a paged list whose first page was primed', () => {
  it('lists the page on its first render, without loading or a request', async () => {
    const requests = installAdapter(() => ok(pageOf([], 0, 0, 0)));
    primeAnswers([
      { key: apiKeys.serviceList({ settlementId: 4, groupIds: [31] }, 2, 0, 'ua'), data: pageOf([1, 2], 0, 2, 3) },
    ]);
    const seen: ListSeen[] = [];
    render(<Services seen={seen} groupId={31} />);
    expect(seen[0]).toEqual({ isLoading: false, ids: [1, 2] });
    await settle();
    expect(seen.every((render) => !render.isLoading && render.ids.join() === '1,2')).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('then loads the next page only', async () => {
    const requests = installAdapter(() => ok(pageOf([3], 1, 2, 3)));
    primeAnswers([
      { key: apiKeys.serviceList({ settlementId: 4, groupIds: [32] }, 2, 0, 'ua'), data: pageOf([1, 2], 0, 2, 3) },
    ]);
    const seen: ListSeen[] = [];
    render(<Services seen={seen} groupId={32} />);
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByText('Аналіз 1, Аналіз 2, Аналіз 3')).toBeInTheDocument());
    expect(requests).toHaveLength(1);
    const [next] = requests;
    expect(next?.params).toMatchObject({ page: 1, size: 2 });
    expect(next && bodyOf(next)).toMatchObject({ settlementId: 4, groupIds: [32] });
    expect(screen.queryByRole('button', { name: 'more' })).not.toBeInTheDocument();
  });

  it('a list whose first page was not primed loads as before', async () => {
    const requests = installAdapter(() => ok(pageOf([5], 0, 1, 1)));
    // a later page of the list primed: not the list's first state
    primeAnswers([
      { key: apiKeys.serviceList({ settlementId: 4, groupIds: [33] }, 2, 1, 'ua'), data: pageOf([9], 1, 2, 3) },
    ]);
    const seen: ListSeen[] = [];
    render(<Services seen={seen} groupId={33} />);
    expect(seen[0]).toEqual({ isLoading: true, ids: [] });
    expect(await screen.findByText('Аналіз 5')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

function OrderNumber({ id }: { id: string }) {
  const { data } = useOrder(id);
  return <span>{data ? data.number : 'loading'}</span>;
}

function OrderFailure({ id }: { id: string }) {
  const { error } = useOrder(id);
  return <span>{error ? error.code : 'loading'}</span>;
}

const signedIn = { canLogin: false };
const guest = { canLogin: true };
/** A route's data list of one personal read (the payment result's order). */
const personalOrder = (id: string) => [{ ...reads.order(id, 'ua'), access: 'personal' as const }];

describe("a signed-in page's personal read, started with the page's code", () => {
  it('is asked for once: the hook that mounts later takes its answer', async () => {
    const requests = installAdapter(() => ok({ id: 'order-1', number: 'LAB-2001' }));
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
    startPageData(personalOrder('order-1'), 'ua');
    // the request left before any component asked
    expect(requests.map((request) => request.url)).toEqual(['/order/orders/order-1']);
    render(<OrderNumber id="order-1" />);
    expect(await screen.findByText('LAB-2001')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('is not asked for a guest, whose call would be refused (the page asks them to sign in)', () => {
    const requests = installAdapter(() => ok({ id: 'order-2', number: 'LAB-2002' }));
    primeAnswers([{ key: apiKeys.session(), data: guest }]);
    startPageData(personalOrder('order-2'), 'ua');
    expect(requests).toHaveLength(0);
  });

  it('leaves the public reads of the list to the server and the hooks', () => {
    const requests = installAdapter(() => ok({}));
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
    startPageData([{ ...reads.serviceGroupTree('ua'), access: 'public' }], 'ua');
    expect(requests).toHaveLength(0);
  });

  it("while the session is read again (a sign-out), is not asked for: the page's primed answer no longer counts", () => {
    const requests = installAdapter(() => ok({ id: 'order-4', number: 'LAB-2004' }));
    document.body.innerHTML = `<script type="application/json" id="${PRIMED_ANSWERS_ELEMENT_ID}">${JSON.stringify([
      { key: apiKeys.session(), data: signedIn },
    ])}</script>`;
    // the session hook's answer, dropped while it is asked again
    rememberSession(undefined);
    startPageData(personalOrder('order-4'), 'ua');
    expect(requests).toHaveLength(0);
    document.body.innerHTML = '';
  });

  it('leaves a failure to the hook that reads the key, with no unhandled rejection', async () => {
    const requests = installAdapter(() => ({ status: 404, data: { code: 'not-found', message: 'Не знайдено' } }));
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
    startPageData(personalOrder('order-3'), 'ua');
    render(<OrderFailure id="order-3" />);
    expect(await screen.findByText('not-found')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

describe("a personal GET started by a signed-in visitor's HTML", () => {
  const ORDER_ID = '0b7f4c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
  const order = (id = ORDER_ID): ApiRead => reads.order(id, 'ua');
  /** What the shell's server writes into the page, run as the browser runs it. */
  const runPageScript = (list: ApiRead[], locale: 'ua' | 'ru' = 'ua') =>
    new Function(earlyCallsScript(list.map(readPath), locale))();
  let asked: { url: string; init: RequestInit }[];
  let failures: number;
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    asked = [];
    failures = 0;
    // jsdom has no fetch: the page's script asks through this one
    globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, init });
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch');
      }
      return { ok: true, status: 200, json: async () => ({ id: ORDER_ID, number: 'LAB-3001' }) };
    }) as unknown as typeof fetch;
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    delete window.__LAB_EARLY__;
  });

  it('is asked for with the session cookie, JSON and the page language, as the client asks', () => {
    runPageScript([order()], 'ru');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(`http://localhost/api/private/order/orders/${ORDER_ID}`);
    expect(asked[0]?.init.credentials).toBe('include');
    const headers = new Headers(asked[0]?.init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('ru');
  });

  it("answers the page's read of that key: its hook asks nothing more", async () => {
    const requests = installAdapter(() => ok({ id: ORDER_ID, number: 'another' }));
    runPageScript([order()]);
    startPageData([{ ...order(), access: 'personal' }], 'ua');
    render(<OrderNumber id={ORDER_ID} />);
    expect(await screen.findByText('LAB-3001')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });

  it('is not taken once the session is a guest’s (a sign-out after the page was served)', () => {
    const requests = installAdapter(() => ok({ id: ORDER_ID, number: 'LAB-3002' }));
    runPageScript([order('order-5')]);
    rememberSession({ canLogin: true });
    expect(window.__LAB_EARLY__).toBeUndefined();
    rememberSession({ canLogin: false });
    startPageData([{ ...order('order-5'), access: 'personal' }], 'ua');
    expect(requests).toHaveLength(1);
  });

  it('is asked again by the client when it failed on the way', async () => {
    const requests = installAdapter(() => ok({ id: 'order-6', number: 'LAB-3006' }));
    failures = 1;
    runPageScript([order('order-6')]);
    startPageData([{ ...order('order-6'), access: 'personal' }], 'ua');
    render(<OrderNumber id="order-6" />);
    expect(await screen.findByText('LAB-3006')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('is taken by a read of the page in its language only', () => {
    const requests = installAdapter(() => ok({ id: ORDER_ID, number: 'LAB-3007' }));
    runPageScript([order('order-7')], 'ru');
    startPageData([{ ...order('order-7'), access: 'personal' }], 'ua');
    expect(requests).toHaveLength(1);
  });

  it('cannot close its script element, whatever the address', () => {
    expect(earlyCallsScript(['/api/private/x</script><script>alert(1)</script>'], 'ua')).not.toMatch(/<\//);
  });
});
