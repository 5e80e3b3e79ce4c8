import { setStored, useVisitorCart } from '@lab/api';
import { bus } from '@lab/events';
import { TOOLTIP_HIDE_DELAY } from '@lab/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CITY, cartOf, GUEST_CART, line, serve } from '../../test/server';
import { renderAt, resetBrowserState, setUpI18n, setViewportWidth } from '../../test/setup';
import { CartButton } from './CartButton';
import { PREVIEW_SKELETON_ROWS } from './CartPreview';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
  setStored('cartId', GUEST_CART);
});
afterEach(() => jest.useRealTimers());

/** Another remote's «add to cart» for one service (the catalogue's button goes through the same hook). */
function Chooser({ serviceId }: { serviceId: number }) {
  const { add } = useVisitorCart();
  return (
    <button type="button" onClick={() => void add([serviceId]).catch(() => undefined)}>
      add {serviceId}
    </button>
  );
}

const cartLink = () => screen.getByRole('link', { name: /^Кошик/ });

describe('the header cart icon', () => {
  it('links to the cart and names the count of chosen services; the badge shows it', async () => {
    // two analyses chosen, the blood draw they bring along not counted
    serve({ cart: cartOf([line(1), line(2)], [line(3)]) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 2'));
    expect(cartLink()).toHaveAttribute('href', '/cart');
    expect(cartLink()).toHaveTextContent('2');
  });

  it('counts one chosen analysis as 1 though a blood draw came with it', async () => {
    serve({ cart: cartOf([line(1)], [line(9, { title: 'Забір крові' })]) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
  });

  it('counts a service the moment it is tapped, before the server has answered the add', async () => {
    let answer = () => {};
    serve({ cart: cartOf([line(1)]), addHeld: new Promise<void>((resolve) => (answer = resolve)) });
    renderAt(
      <>
        <CartButton />
        <Chooser serviceId={5} />
      </>,
    );
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    await userEvent.click(screen.getByRole('button', { name: 'add 5' }));
    expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 2');
    // a second tap on the same service while its add runs counts it once
    await userEvent.click(screen.getByRole('button', { name: 'add 5' }));
    expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 2');
    // the server's answer holds it: still 2, not 3
    answer();
    await act(async () => {});
    expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 2');
  });

  it('caps the badge at 9+ above 9', async () => {
    serve({ cart: cartOf(Array.from({ length: 12 }, (_, index) => line(index + 1))) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 12'));
    expect(cartLink()).toHaveTextContent('9+');
  });

  it('has no badge for an empty cart, and a guest without a cart makes no request', async () => {
    window.localStorage.removeItem('cartId');
    const { requests } = serve();
    renderAt(<CartButton />);
    await act(async () => {});
    expect(cartLink()).toHaveAccessibleName('Кошик');
    expect(cartLink().textContent).toBe('Кошик');
    expect(requests.filter((request) => request.url?.startsWith('/cart'))).toHaveLength(0);
  });

  it('is greyed out for a doctor: no amount, not a link, no cart request', async () => {
    setStored('doctor', true);
    const { requests } = serve({ signedIn: true, cart: cartOf([line(1)]) });
    renderAt(<CartButton />);
    await act(async () => {});
    const icon = screen.getByRole('link', { name: 'Кошик недоступний у ролі лікаря' });
    expect(icon).toHaveAttribute('aria-disabled', 'true');
    expect(icon).not.toHaveAttribute('href');
    expect(icon.textContent).toBe('');
    expect(requests.filter((request) => request.url?.startsWith('/cart'))).toHaveLength(0);
  });

  it('re-prices the cart when the city changes (the city is part of the request)', async () => {
    const { requests } = serve({ cart: cartOf([line(1)]) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    act(() => setStored('cityId', 2));
    await waitFor(() =>
      expect(requests.filter((request) => request.url === `/cart/carts/${GUEST_CART}`).map((r) => r.params)).toEqual([
        { settlementId: CITY },
        { settlementId: 2 },
      ]),
    );
  });
});

describe('the cart dropdown (above 1024 px)', () => {
  beforeEach(() => setViewportWidth(1280));

  it('is a plain link on narrower screens', async () => {
    setViewportWidth(1024);
    serve({ cart: cartOf([line(1)]) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    await userEvent.hover(cartLink());
    expect(screen.queryByRole('region', { name: 'Вміст кошика' })).not.toBeInTheDocument();
    expect(cartLink()).not.toHaveAttribute('aria-expanded');
  });

  it('lists code, title and catalogue price of each line, the online discount as its own line, the total and the way to the cart', async () => {
    serve({
      cart: cartOf(
        [line(1, { title: 'Феритин', code: '2002', price: 220.4, initialPrice: 232, originalPrice: 290 })],
        [line(9, { title: 'Взяття крові', price: 57, initialPrice: 60, originalPrice: 60 })],
      ),
    });
    renderAt(<CartButton />);
    const link = cartLink();
    fireEvent.mouseEnter(link.parentElement as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Вміст кошика' });
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(link).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(within(panel).getByText('Феритин')).toBeInTheDocument());
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('2002');
    expect(rows[0]).toHaveTextContent('232 грн');
    expect(rows[0]?.querySelector('s')).toHaveTextContent('290 грн');
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Видалити з кошика: Феритин' }),
    ).toBeInTheDocument();
    // a package-derived line is shown but cannot be deleted
    expect(rows[1]).toHaveTextContent('Взяття крові');
    expect(rows[1]).toHaveTextContent('додається автоматично');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    // the lines' prices (232 + 60) less the named discount make the total: no list prices or sales again
    await waitFor(() =>
      expect(panel).toHaveTextContent(/грнЗнижка за онлайн-оплату, 5 %−14.60 грнДо сплати277.40 грн/),
    );
    expect(panel).not.toHaveTextContent('Вартість без знижок');
    expect(within(panel).getByRole('link', { name: 'Перейти до кошика' })).toHaveAttribute('href', '/cart');
  });

  it('opens when drawn under the pointer: it takes over from the shell’s stand-in dropdown', async () => {
    serve({ cart: cartOf([line(1, { title: 'Феритин' })]) });
    const matches = Element.prototype.matches;
    // the pointer rests on the header's cart (the stand-in's dropdown is open) when this one is drawn
    const hovered = jest.spyOn(Element.prototype, 'matches').mockImplementation(function (
      this: Element,
      selector: string,
    ) {
      return selector === ':hover'
        ? this.contains(document.querySelector('a[href="/cart"]'))
        : matches.call(this, selector);
    });
    try {
      renderAt(<CartButton />);
      const panel = await screen.findByRole('region', { name: 'Вміст кошика' });
      expect(cartLink()).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(within(panel).getByText('Феритин')).toBeInTheDocument());
    } finally {
      hovered.mockRestore();
    }
  });

  it('renders the skeleton rows in the loading state', async () => {
    serve({ cart: cartOf([line(1)]) });
    renderAt(<CartButton />);
    fireEvent.mouseEnter(cartLink().parentElement as HTMLElement);
    expect(screen.getAllByTestId('preview-skeleton')).toHaveLength(PREVIEW_SKELETON_ROWS);
    expect(screen.getByRole('region', { name: 'Вміст кошика' }).querySelector('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(screen.queryAllByTestId('preview-skeleton')).toHaveLength(0));
  });

  it('shows the empty state with the way to the catalogue', async () => {
    serve({ cart: cartOf([]) });
    renderAt(<CartButton />);
    await act(async () => {});
    await userEvent.hover(cartLink());
    const panel = screen.getByRole('region', { name: 'Вміст кошика' });
    expect(panel).toHaveTextContent('У кошику поки немає аналізів');
    expect(within(panel).getByRole('link', { name: 'Знайти аналіз' })).toHaveAttribute('href', '/analyzes');
  });

  it('opens on focus, hides 250 ms after the pointer leaves, and at once on Escape', async () => {
    serve({ cart: cartOf([line(1)]) });
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    jest.useFakeTimers();
    const root = cartLink().parentElement as HTMLElement;
    fireEvent.mouseEnter(root);
    expect(screen.getByRole('region', { name: 'Вміст кошика' })).toBeInTheDocument();
    fireEvent.mouseLeave(root);
    act(() => jest.advanceTimersByTime(TOOLTIP_HIDE_DELAY - 1));
    expect(screen.getByRole('region', { name: 'Вміст кошика' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Вміст кошика' })).not.toBeInTheDocument();
    // back within the delay: it stays
    fireEvent.mouseEnter(root);
    fireEvent.mouseLeave(root);
    act(() => jest.advanceTimersByTime(100));
    fireEvent.mouseEnter(root);
    act(() => jest.advanceTimersByTime(TOOLTIP_HIDE_DELAY));
    expect(screen.getByRole('region', { name: 'Вміст кошика' })).toBeInTheDocument();
    jest.useRealTimers();
    // keyboard: focus opens it, Escape closes it
    fireEvent.mouseLeave(root);
    act(() => cartLink().focus());
    expect(screen.getByRole('region', { name: 'Вміст кошика' })).toBeInTheDocument();
    fireEvent.keyDown(cartLink(), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Вміст кошика' })).not.toBeInTheDocument();
  });

  it('asks before deleting; confirming deletes, tells the bus and analytics, and focus returns to the cart link', async () => {
    const { calls } = serve({ cart: cartOf([line(1, { title: 'Феритин' }), line(2, { title: 'ТТГ' })]) });
    window.dataLayer = [];
    const changes: unknown[] = [];
    bus.on('cart:changed', (payload) => changes.push(payload));
    const user = userEvent.setup();
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 2'));
    await user.hover(cartLink());
    await user.click(screen.getByRole('button', { name: 'Видалити з кошика: Феритин' }));
    const dialog = screen.getByRole('dialog', { name: 'Видалити з кошика?' });
    expect(dialog).toHaveTextContent('«Феритин» буде видалено з кошика.');
    expect(within(dialog).getByRole('button', { name: 'Скасувати' })).toHaveFocus();
    expect(calls(`POST /cart/carts/${GUEST_CART}/remove`)).toHaveLength(0);
    // the panel stays while the dialog is open
    await user.unhover(cartLink());
    expect(screen.getByRole('region', { name: 'Вміст кошика' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(`POST /cart/carts/${GUEST_CART}/remove`)).toHaveLength(1);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    expect(cartLink()).toHaveFocus();
    expect(changes).toEqual([{ cartId: GUEST_CART }]);
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'remove_from_cart',
        ecommerce: expect.objectContaining({
          currency: 'UAH',
          items: [expect.objectContaining({ item_name: 'Феритин' })],
        }),
      }),
    );
  });

  it('cancel keeps the line and gives focus back to its delete button', async () => {
    const { calls } = serve({ cart: cartOf([line(1, { title: 'Феритин' })]) });
    const user = userEvent.setup();
    renderAt(<CartButton />);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('Кошик, послуг: 1'));
    await user.hover(cartLink());
    const remove = screen.getByRole('button', { name: 'Видалити з кошика: Феритин' });
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls(`POST /cart/carts/${GUEST_CART}/remove`)).toHaveLength(0);
  });
});
