import { type Cart, type CartItem, removeStored, setStored, useSession, useVisitorCart } from '@lab/api';
import { installAdapter, ok, type Reply } from '@lab/api/test/fake-adapter';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { act, render, screen, within } from '@testing-library/react';
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

const STORED_CART = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
const item = (serviceId: number): CartItem => ({
  serviceId,
  price: 95,
  initialPrice: 100,
  originalPrice: 100,
  service: {
    id: serviceId,
    title: `Аналіз ${serviceId}`,
    description: '',
    code: String(1000 + serviceId),
    slug: `analysis-${serviceId}`,
    packageService: false,
    additionalServices: [],
  },
});
const twoLines: Cart = {
  id: STORED_CART,
  items: [item(1), item(2)],
  additionalItems: [],
  totalPrice: 190,
  originalTotalPrice: 200,
  promo: null,
  promoCode: null,
};

describe('the header cart’s count before its code arrives', () => {
  /** The calls held in a test, failed when it ends: nothing stays on its way into the next test's cart. */
  let held: Array<(reply: Reply) => void> = [];
  afterEach(async () => {
    for (const answer of held) answer({ networkError: true });
    held = [];
    await act(async () => {});
  });

  /** Who is visiting; the stored cart's read answers if `cart` is given; every other call is held. */
  const renderWithTap = (serviceId: number, { signedIn = false, cart }: { signedIn?: boolean; cart?: Cart } = {}) => {
    installAdapter((request) => {
      if (request.url === '/info') return ok({ canLogin: !signedIn });
      if (cart && request.url === `/cart/carts/${cart.id}`) return ok(cart);
      return new Promise<Reply>((answer) => held.push(answer));
    });
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
    removeStored('doctor');
  });

  it('counts a guest’s first tap at once, while the cart is being created', async () => {
    renderWithTap(7);
    await userEvent.click(await screen.findByRole('button', { name: 'guest add' }));
    await screen.findByRole('button', { name: 'guest added' });
    expect(screen.getByRole('link', { name: 'Кошик, послуг: 1' })).toHaveTextContent('1');
  });

  it('counts a returning guest’s stored cart, and a tap on top of it', async () => {
    setStored('cartId', STORED_CART);
    renderWithTap(8, { cart: twoLines });
    expect(await screen.findByRole('link', { name: 'Кошик, послуг: 2' })).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'guest add' }));
    expect(await screen.findByRole('link', { name: 'Кошик, послуг: 3' })).toHaveTextContent('3');
  });

  it('counts nothing for a doctor, whose header cart is greyed out', async () => {
    setStored('doctor', true);
    renderWithTap(9, { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'patient add' }));
    await screen.findByRole('button', { name: 'patient added' });
    expect(screen.getByRole('link', { name: 'Кошик' })).not.toHaveTextContent(/\d/);
  });
});
