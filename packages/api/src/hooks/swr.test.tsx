import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, unstable_serialize } from 'swr';
import type { Page } from '../contract/common';
import { pagedList } from './paged';
import { type ApiKey, loadingWithout, useApiSWR } from './swr';

const KEY: ApiKey = ['equipment', 'ua'];
const DATA = { items: ['Аналізатор'] };

type Seen = { loading: boolean; swrLoading: boolean; data: unknown };

/** The wrapper's isLoading next to SWR's own, for the same key, on every render. */
function Probe({ seen, fetcher }: { seen: Seen[]; fetcher: () => Promise<unknown> }) {
  const response = useApiSWR(KEY, fetcher);
  const raw = useSWR(KEY, fetcher);
  seen.push({ loading: response.isLoading, swrLoading: raw.isLoading, data: response.data });
  return <p>{response.isLoading ? 'loading' : response.data ? 'data' : 'nothing'}</p>;
}

function Cache({ children, cached, fallback }: { children: ReactNode; cached?: unknown; fallback?: unknown }) {
  const provider = () =>
    new Map(cached === undefined ? [] : [[unstable_serialize(KEY), { data: cached }]]) as Map<string, never>;
  return (
    <SWRConfig
      value={{
        provider,
        dedupingInterval: 0,
        ...(fallback === undefined ? {} : { fallback: { [unstable_serialize(KEY)]: fallback } }),
      }}
    >
      {children}
    </SWRConfig>
  );
}

/** A fetch that answers when told to. */
function deferred() {
  let answer: (data: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((resolve) => {
    answer = resolve;
  });
  return { fetcher: jest.fn(() => promise), answer };
}

function Skipped({ seen }: { seen: boolean[] }) {
  const { isLoading } = useApiSWR(null, () => Promise.resolve(DATA));
  seen.push(isLoading);
  return null;
}

describe('useApiSWR isLoading', () => {
  it('is false on every render of data SWR already has (fallback), while SWR says loading as it revalidates', async () => {
    const { fetcher, answer } = deferred();
    const seen: Seen[] = [];
    render(
      <Cache fallback={DATA}>
        <Probe seen={seen} fetcher={fetcher} />
      </Cache>,
    );
    expect(seen[0]).toEqual({ loading: false, swrLoading: true, data: DATA });
    // the revalidation of data it has waits for a frame
    await waitFor(() => expect(fetcher).toHaveBeenCalled());
    await act(async () => answer(DATA));
    expect(seen.every((render) => !render.loading && render.data === DATA)).toBe(true);
    expect(screen.getByText('data')).toBeInTheDocument();
  });

  it('is false for cached data (what primeAnswers writes), though SWR says loading there too', async () => {
    const { fetcher, answer } = deferred();
    const seen: Seen[] = [];
    render(
      <Cache cached={DATA}>
        <Probe seen={seen} fetcher={fetcher} />
      </Cache>,
    );
    expect(seen[0]).toEqual({ loading: false, swrLoading: true, data: DATA });
    await waitFor(() => expect(fetcher).toHaveBeenCalled());
    await act(async () => answer(DATA));
    expect(seen.some((render) => render.loading)).toBe(false);
  });

  it('is true while the first fetch of an uncached key is pending, false once it answers', async () => {
    const { fetcher, answer } = deferred();
    const seen: Seen[] = [];
    render(
      <Cache>
        <Probe seen={seen} fetcher={fetcher} />
      </Cache>,
    );
    expect(seen[0]).toEqual({ loading: true, swrLoading: true, data: undefined });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => answer(DATA));
    expect(screen.getByText('data')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ loading: false, swrLoading: false, data: DATA });
  });

  it('is false for no key (nothing asked)', () => {
    const seen: boolean[] = [];
    render(
      <Cache>
        <Skipped seen={seen} />
      </Cache>,
    );
    expect(seen).not.toContain(true);
  });
});

describe('loading state of lists and answers', () => {
  it('loadingWithout: loading only while there is nothing to show', () => {
    expect(loadingWithout(true, undefined)).toBe(true);
    expect(loadingWithout(true, DATA)).toBe(false);
    // null and empty answers are answers
    expect(loadingWithout(true, null)).toBe(false);
    expect(loadingWithout(true, [])).toBe(false);
    expect(loadingWithout(false, undefined)).toBe(false);
  });

  it('pagedList: loading without pages, not with them', () => {
    const page: Page<number> = { content: [1, 2], page: 0, totalPages: 2, totalElements: 3 };
    const list = (pages: Page<number>[] | undefined, isLoading: boolean) =>
      pagedList(
        pages,
        1,
        () => undefined,
        isLoading,
        isLoading,
        undefined,
        () => undefined,
      );
    expect(list(undefined, true)).toMatchObject({ isLoading: true, items: [], total: 0, hasMore: false });
    expect(list([page], true)).toMatchObject({ isLoading: false, items: [1, 2], total: 3, hasMore: true });
    expect(list([page], false).isLoading).toBe(false);
  });
});
