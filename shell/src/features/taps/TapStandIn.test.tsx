import { removeStored, setStored, useSession, useVisitorCart } from '@lab/api';
import { installAdapter, ok, type Reply } from '@lab/api/test/fake-adapter';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import '../../app/i18n';
import { TapStandIn } from './TapStandIn';

const width = window.innerWidth;
const setViewportWidth = (value: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value });
  window.dispatchEvent(new Event('resize'));
};

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
});
afterEach(() => setViewportWidth(width));

const renderCart = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <TapStandIn control="cart" />
    </MemoryRouter>,
  );

describe('the header cart before its code arrives', () => {
  it('opens the cart dropdown with skeleton rows on hover, as the cart does while it loads', async () => {
    setViewportWidth(1280);
    renderCart();
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'Кошик' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.hover(link);
    const panel = screen.getByRole('region', { name: 'Вміст кошика' });
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByTestId('preview-skeleton')).toHaveLength(3);
    expect(within(panel).getByText('Завантаження кошика…')).toBeInTheDocument();
  });

  it('opens it for the keyboard too, closes it on Escape, and the link still goes to the cart', async () => {
    setViewportWidth(1280);
    renderCart();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Кошик' })).toHaveAttribute('href', '/cart');
    const panel = screen.getByRole('region', { name: 'Вміст кошика' });
    expect(within(panel).getAllByTestId('preview-skeleton')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Вміст кошика' })).not.toBeInTheDocument();
  });
});

/** «Add to cart» on a page whose cart code has not arrived; it names who is visiting and what it added. */
function TapAdd({ serviceId }: { serviceId: number }) {
  const cart = useVisitorCart();
  const { signedIn, guest } = useSession();
  const who = signedIn ? 'patient' : guest ? 'guest' : 'unknown';
  return (
    <button type="button" onClick={() => void cart.add([serviceId]).catch(() => undefined)}>
      {`${who} ${cart.has(serviceId) ? 'added' : 'add'}`}
    </button>
  );
}

describe('the header cart’s count before its code arrives', () => {
  /** The session answers; every other call (the cart's creation, the patient's cart) is held. */
  const renderWithTap = (signedIn: boolean, serviceId: number) => {
    installAdapter((request) =>
      request.url === '/info' ? ok({ canLogin: !signedIn }) : new Promise<Reply>(() => undefined),
    );
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <TapStandIn control="cart" />
          <TapAdd serviceId={serviceId} />
        </MemoryRouter>
      </SWRConfig>,
    );
  };

  beforeEach(() => {
    setStored('cityId', 1);
    removeStored('cartId');
  });

  it('counts a guest’s first tap at once, while the cart is being created', async () => {
    renderWithTap(false, 7);
    await userEvent.click(await screen.findByRole('button', { name: 'guest add' }));
    await screen.findByRole('button', { name: 'guest added' });
    expect(screen.getByRole('link', { name: 'Кошик, послуг: 1' })).toHaveTextContent('1');
  });

  it('counts nothing it cannot know: a signed-in patient’s cart is on the server', async () => {
    // another service: the first test's stays on its way (its call is held)
    renderWithTap(true, 8);
    await userEvent.click(await screen.findByRole('button', { name: 'patient add' }));
    await screen.findByRole('button', { name: 'patient added' });
    expect(screen.getByRole('link', { name: 'Кошик' })).not.toHaveTextContent('1');
  });
});
