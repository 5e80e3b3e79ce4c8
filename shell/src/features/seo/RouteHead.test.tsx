import { reads, removeStored, setStored, useNewsItem } from '@lab/api';
import { installAdapter, ok } from '@lab/api/test/fake-adapter';
import { initI18n } from '@lab/i18n';
import type { PageHandle } from '@lab/pages/routes';
import { createMemoryRouter, Outlet, RouterProvider } from '@lab/router';
import { getPageMeta, setRouteMeta, usePageMeta } from '@lab/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { mutate } from 'swr';
import { RouteHead } from './RouteHead';

beforeAll(() => initI18n('ua'));
afterEach(() => act(() => setRouteMeta({})));

const newsItem = reads.newsItem('flu', 'ua');

/** A route whose head names the answer of its one read, as a news item's does. */
const handle: PageHandle = {
  ns: 'shell',
  data: () => [{ ...newsItem, access: 'public' }],
  head: ({ answer }) => {
    const item = answer<{ title: string }>(newsItem.key);
    return { title: item === null ? 'missing' : (item?.title ?? 'waiting') };
  },
};

function OrderNumber() {
  usePageMeta({ title: 'Замовлення 7' });
  return null;
}

function site(page: ReactElement | null = null, at = '/news/flu') {
  return createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteHead />
            <Outlet />
          </>
        ),
        children: [
          { path: 'news/:slug', handle, element: page },
          { path: 'plain', element: null },
        ],
      },
    ],
    { initialEntries: [at] },
  );
}

describe("the matched route's head", () => {
  it("is its handle's, from its answer as the page's hook has it in SWR's cache", async () => {
    render(<RouterProvider router={site()} />);
    await waitFor(() => expect(getPageMeta().title).toBe('waiting'));
    await act(() => mutate(newsItem.key, { title: 'Грип: щеплення' }, { revalidate: false }));
    await waitFor(() => expect(getPageMeta().title).toBe('Грип: щеплення'));
  });

  it("follows the city a first visit stores after the head's first render, as the page's reads do", async () => {
    removeStored('cityId');
    const priced = (id: number | null) => reads.serviceBySlug('ferytyn', id ?? 0, 'ua');
    const cityHandle: PageHandle = {
      ns: 'shell',
      data: ({ settlementId }) => (settlementId == null ? [] : [{ ...priced(settlementId), access: 'public' }]),
      head: ({ answer, settlementId }) => ({
        title:
          settlementId == null ? 'no city' : (answer<{ title: string }>(priced(settlementId).key)?.title ?? 'waiting'),
      }),
    };
    const router = createMemoryRouter(
      [{ element: <RouteHead />, children: [{ path: 'analysis/:slug', handle: cityHandle, element: null }] }],
      { initialEntries: ['/analysis/ferytyn'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(getPageMeta().title).toBe('no city'));
    await act(() => mutate(priced(3).key, { title: 'Феритин' }, { revalidate: false }));
    act(() => setStored('cityId', 3));
    await waitFor(() => expect(getPageMeta().title).toBe('Феритин'));
    act(() => removeStored('cityId'));
  });

  it('is said over by what the mounted page says, and is the site’s on a route without one', async () => {
    const { unmount } = render(<RouterProvider router={site(<OrderNumber />)} />);
    await waitFor(() => expect(getPageMeta().title).toBe('Замовлення 7'));
    unmount();
    render(<RouterProvider router={site(null, '/plain')} />);
    await waitFor(() => expect(getPageMeta()).toEqual({}));
  });
});

/** A news page that reads its item, with a retry after a failure. */
function NewsPage() {
  const { data, error, mutate } = useNewsItem('cold');
  if (error) {
    return (
      <button type="button" onClick={() => void mutate()}>
        retry
      </button>
    );
  }
  return <h1>{(data as { title?: string } | undefined)?.title ?? 'loading'}</h1>;
}

describe("the route's head reading the page's answer", () => {
  it("leaves the page's retry working: the read is asked again, though the head read its key first", async () => {
    let calls = 0;
    installAdapter(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, data: { code: 'internal', message: 'x' } }
        : ok({ title: 'Застуда', seo: {} });
    });
    const coldHandle: PageHandle = { ...handle, data: () => [{ ...reads.newsItem('cold', 'ua'), access: 'public' }] };
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <RouteHead />
              <Outlet />
            </>
          ),
          children: [{ path: 'news/:slug', handle: coldHandle, element: <NewsPage /> }],
        },
      ],
      { initialEntries: ['/news/cold'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('heading', { name: 'Застуда' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
