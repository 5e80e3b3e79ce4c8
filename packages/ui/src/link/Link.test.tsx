import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, useLocation } from '@lab/router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from './Link';
import { useLocalizedNavigate } from './useLocalizedNavigate';
import '../i18n';

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{`${pathname}${search}`}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <CurrentPath />
    </MemoryRouter>,
  );
}

function Go({ to }: { to: string }) {
  const navigate = useLocalizedNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

beforeAll(() => {
  initI18n('ua');
});

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('Link', () => {
  it('leaves internal paths unprefixed in ua', () => {
    renderAt('/', <Link to="/cart">cart</Link>);
    expect(screen.getByRole('link', { name: 'cart' })).toHaveAttribute('href', '/cart');
  });

  it('prefixes internal paths with /ru in ru, the root becoming /ru', async () => {
    await setLocale('ru');
    renderAt(
      '/ru/cart',
      <>
        <Link to="/search?query=abc">search</Link>
        <Link to="/">home</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'search' })).toHaveAttribute('href', '/ru/search?query=abc');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/ru');
  });

  it('follows the locale when it changes', async () => {
    renderAt('/', <Link to="/cart">cart</Link>);
    await act(() => setLocale('ru'));
    expect(screen.getByRole('link', { name: 'cart' })).toHaveAttribute('href', '/ru/cart');
  });

  it('opens external links in a new tab with nofollow and never prefixes them', async () => {
    await setLocale('ru');
    renderAt('/', <Link to="https://example.org/x">partner</Link>);
    const link = screen.getByRole('link', { name: /partner/ });
    expect(link).toHaveAttribute('href', 'https://example.org/x');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveTextContent('открывается в новой вкладке');
  });

  it('keeps mailto: and tel: as they are', async () => {
    await setLocale('ru');
    renderAt('/', <Link to="tel:0800102021">hotline</Link>);
    const link = screen.getByRole('link', { name: 'hotline' });
    expect(link).toHaveAttribute('href', 'tel:0800102021');
    expect(link).not.toHaveAttribute('target');
  });

  it('renders the link to the current route as a non-clickable span with aria-current', async () => {
    await setLocale('ru');
    renderAt(
      '/ru/cart',
      <Link to="/cart" className="nav" aria-label="Кошик">
        cart
      </Link>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const current = screen.getByText('cart');
    expect(current.tagName).toBe('SPAN');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('nav');
    expect(current).toHaveAttribute('aria-label', 'Кошик');
  });

  it('compares the query too: another query of the same page is a link', () => {
    renderAt('/search?query=a', <Link to="/search?query=b">b</Link>);
    expect(screen.getByRole('link', { name: 'b' })).toHaveAttribute('href', '/search?query=b');
  });

  it('navigates through the router and then shows the target as current', async () => {
    const user = userEvent.setup();
    renderAt('/', <Link to="/cart">cart</Link>);
    await user.click(screen.getByRole('link', { name: 'cart' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/cart');
    expect(screen.getByText('cart')).toHaveAttribute('aria-current', 'page');
  });

  it('can localize for another locale (language switch)', () => {
    renderAt(
      '/cart',
      <Link to="/cart" locale="ru">
        RU
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'RU' })).toHaveAttribute('href', '/ru/cart');
  });
});

describe('useLocalizedNavigate', () => {
  it('navigates to the localized path', async () => {
    await setLocale('ru');
    const user = userEvent.setup();
    renderAt('/ru', <Go to="/account/orders" />);
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/ru/account/orders');
  });

  it('navigates unprefixed in ua', async () => {
    const user = userEvent.setup();
    renderAt('/', <Go to="/account/orders" />);
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/account\/orders$/);
  });
});
