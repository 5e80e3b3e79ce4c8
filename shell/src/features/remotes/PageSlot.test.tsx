import { setStored } from '@lab/api';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../../app/i18n';
import { PAGE_PREVIEW_ATTRIBUTE } from './element';
import { resetPageFirst } from './pageFirst';
import { keepPagePreview } from './pagePreview';
import { PAGE_REMOTES, type PageRemote } from './pages';
import { PageSlot } from './RemoteSlot';
import { loadExposed } from './registry';

jest.mock('./registry', () => ({ loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

/** A load the test finishes when it wants, like a remote on a slow network. */
function deferredLoad() {
  let finish: (component: () => ReactNode) => void = () => {};
  const promise = new Promise<never>((resolve) => {
    finish = (component) => resolve({ default: component } as never);
  });
  return { promise, finish };
}

function RemotePage() {
  return <h1>Сторінка ремоута</h1>;
}

/**
 * A route's page (each test its own: a slot keeps the component it has loaded for the rest of the
 * visit, so a page loaded by one test would render at once in the next).
 */
function page(module: PageRemote['module']): PageRemote {
  const found = PAGE_REMOTES.find((remote) => remote.module === module);
  if (!found) throw new Error(`no page ${module}`);
  return found;
}

const address = { pathname: '/analyzes/hematology', search: '?page=2' };
const previewHtml = '<section><h2>Гематологія з сервера</h2><p>420 ₴</p></section>';

/** The first view the server sent for `at`, with its preview, kept as bootstrap.tsx keeps it. */
function keepPreviewFor(at: { pathname: string; search: string }) {
  document.body.innerHTML = `<div ${PAGE_PREVIEW_ATTRIBUTE} inert>${previewHtml}</div>`;
  keepPagePreview(document, at);
  document.body.innerHTML = '';
}

function renderAt(url: string, slotPage: PageRemote) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PageSlot page={slotPage} />
    </MemoryRouter>,
  );
}

/** The preview's heading, and the inert box it is shown in. */
function shownPreview() {
  const heading = screen.queryByText('Гематологія з сервера');
  return { heading, box: heading?.closest('section')?.parentElement ?? null };
}

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
});

beforeEach(() => {
  load.mockReset();
  resetPageFirst();
  localStorage.clear();
  // forget any preview an earlier test kept: a first view without one keeps nothing
  document.body.innerHTML = '';
  keepPagePreview(document, address);
});

afterEach(() => {
  localStorage.clear();
});

describe("PageSlot with the server's preview of the page", () => {
  it('shows the inert preview while the remote loads, then the remote page in its place', async () => {
    setStored('cityId', 1);
    keepPreviewFor(address);
    const remote = deferredLoad();
    load.mockReturnValue(remote.promise);
    renderAt('/analyzes/hematology?page=2', page('CategoryPage'));

    const { heading, box } = shownPreview();
    expect(heading).toBeInTheDocument();
    expect(box).toHaveAttribute('inert');
    expect(box).toHaveStyle({ display: 'contents' });
    expect(box?.innerHTML).toBe(previewHtml);
    expect(load).toHaveBeenCalledWith('mf_catalog', 'CategoryPage', false);

    await act(async () => remote.finish(RemotePage));
    expect(screen.getByRole('heading', { name: 'Сторінка ремоута' })).toBeInTheDocument();
    expect(shownPreview().heading).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('keeps to the preview, without asking for the remote, until the city is stored', async () => {
    keepPreviewFor(address);
    const remote = deferredLoad();
    load.mockReturnValue(remote.promise);
    renderAt('/analyzes/hematology?page=2', page('ServicePage'));

    expect(shownPreview().box).toHaveAttribute('inert');
    expect(load).not.toHaveBeenCalled();

    // the city controller stores the city: the remote is asked for, the preview stays until it renders
    act(() => setStored('cityId', 1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('mf_catalog', 'ServicePage', false);
    expect(shownPreview().box).toHaveAttribute('inert');

    await act(async () => remote.finish(RemotePage));
    expect(screen.getByRole('heading', { name: 'Сторінка ремоута' })).toBeInTheDocument();
    expect(shownPreview().heading).toBeNull();
  });

  it('shows no preview at another address, and loads the remote even before a city is stored', async () => {
    keepPreviewFor(address);
    load.mockResolvedValue({ default: RemotePage } as never);
    const { container } = renderAt('/analyzes/hematology?page=3', page('CartPage'));

    expect(shownPreview().heading).toBeNull();
    // the page's box, empty while the remote loads
    expect(container).toHaveTextContent('');
    expect(container.querySelector('[inert]')).toBeNull();
    expect(load).toHaveBeenCalledWith('mf_cart_checkout', 'CartPage', false);
    expect(await screen.findByRole('heading', { name: 'Сторінка ремоута' })).toBeInTheDocument();
  });

  it('shows the preview to the first mount only: a second visit to the address has none', async () => {
    keepPreviewFor(address);
    const remote = deferredLoad();
    load.mockReturnValue(remote.promise);
    const first = renderAt('/analyzes/hematology?page=2', page('CheckoutPage'));
    expect(shownPreview().heading).toBeInTheDocument();
    first.unmount();

    const second = renderAt('/analyzes/hematology?page=2', page('CheckoutPage'));
    expect(shownPreview().heading).toBeNull();
    expect(second.container).toHaveTextContent('');
    expect(second.container.querySelector('[inert]')).toBeNull();
    // without a preview there is nothing to wait for the city with
    expect(load).toHaveBeenCalledWith('mf_cart_checkout', 'CheckoutPage', false);
    await act(async () => remote.finish(RemotePage));
    expect(screen.getByRole('heading', { name: 'Сторінка ремоута' })).toBeInTheDocument();
  });
});
