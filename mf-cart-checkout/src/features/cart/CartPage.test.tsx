import { setStored } from '@lab/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, CITY, cartOf, GUEST_CART, line, serve, unavailableLine } from '../../test/server';
import { renderAt, resetBrowserState, setUpI18n } from '../../test/setup';
import { CartPage } from './CartPage';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
  setStored('cartId', GUEST_CART);
});

const ferritin = line(3, { title: 'Феритин', code: '2002', price: 220.4, initialPrice: 232, originalPrice: 290 });
const draw = line(1, { title: 'Взяття крові', code: '1001', price: 57, initialPrice: 60, originalPrice: 60 });
const summary = () => screen.getByRole('complementary', { name: 'Разом' });

describe('the cart page', () => {
  it('shows the lines at their catalogue prices, the package-derived lines without delete, and the totals with the online discount as one named line', async () => {
    serve({ cart: cartOf([ferritin], [draw]) });
    renderAt(<CartPage />, '/cart');
    const item = (await screen.findByRole('link', { name: 'Феритин' })).closest('li') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Феритин' })).toHaveAttribute('href', '/analysis/analysis-3');
    expect(item).toHaveTextContent('2002');
    // the price the catalogue shows (232, its sale from 290), not one with the online discount already in
    expect(item).toHaveTextContent('Ціна зі знижкою: 232 грн');
    expect(item).not.toHaveTextContent('220.40');
    expect(item.querySelector('s')).toHaveTextContent('290 грн');
    expect(within(item).getByRole('button', { name: 'Видалити з кошика: Феритин' })).toBeInTheDocument();

    const additional = screen.getByRole('region', { name: 'Додається автоматично' });
    expect(additional).toHaveTextContent('Взяття крові');
    expect(within(additional).queryByRole('button')).not.toBeInTheDocument();

    expect(summary()).toHaveTextContent('Вартість без знижок350 грн');
    expect(summary()).toHaveTextContent('Акційні знижки−58 грн');
    await waitFor(() => expect(summary()).toHaveTextContent('Знижка за онлайн-оплату, 5 %−14.60 грн'));
    expect(summary()).toHaveTextContent('До сплати277.40 грн');
    expect(summary()).toHaveTextContent('Знижка за онлайн-оплату діє, коли замовлення оплачено онлайн');
    expect(within(summary()).getByRole('link', { name: 'Оформити замовлення' })).toHaveAttribute('href', '/checkout');
  });

  it('says which discount applies: the promo when larger, else the online one', async () => {
    serve({ cart: cartOf([ferritin], [], { promo: 0.1, promoCode: 'SPRING10' }) });
    renderAt(<CartPage />, '/cart');
    await screen.findByRole('link', { name: 'Феритин' });
    expect(summary()).toHaveTextContent('Промокод SPRING10 застосовано: знижка 10 %');
    await waitFor(() =>
      expect(summary()).toHaveTextContent('Діє знижка за промокодом 10 %: вона більша за знижку 5 % за онлайн-оплату.'),
    );
  });

  it('a code whose scope misses every line is not said to apply: the words follow what the cart charges', async () => {
    const cbc = line(2, {
      title: 'Загальний аналіз крові',
      code: '2001',
      price: 218.5,
      initialPrice: 230,
      originalPrice: 230,
    });
    const charged = { original: 320, otherDiscounts: 0, onlineDiscount: 16, promoDiscount: 0, totalPrice: 304 };
    serve({
      cart: cartOf([cbc], [], {
        promo: 0.2,
        promoCode: 'CHECKUP20',
        promoTerms: {
          code: 'CHECKUP20',
          value: 0.2,
          validFrom: '2026-11-01',
          validTo: '2030-12-31',
          withSales: false,
          groups: [{ slug: 'check-up-men', title: 'Check-up для чоловіків' }],
        },
        totals: { online: charged, onSite: { ...charged, onlineDiscount: 0, totalPrice: 320 } },
      }),
    });
    renderAt(<CartPage />, '/cart');
    await screen.findByRole('link', { name: 'Загальний аналіз крові' });
    expect(within(summary()).getByRole('status')).toHaveTextContent(
      'Промокод CHECKUP20 не знижує вартість цього кошика',
    );
    expect(summary()).not.toHaveTextContent('застосовано');
    expect(summary()).toHaveTextContent('Промокод CHECKUP20: знижка 20 % на «Check-up для чоловіків».');
    expect(summary()).toHaveTextContent('Діє до 31.12.2030 включно.');
    expect(summary()).toHaveTextContent('Знижка не сумується з іншими акціями');
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'Промокод не діє на жодну послугу в кошику, тому ціни вказано зі знижкою 5 % за онлайн-оплату.',
      ),
    );
    expect(summary()).not.toHaveTextContent('Діє знижка за промокодом');
    expect(summary()).toHaveTextContent('До сплати304 грн');
  });

  it('keeps the online discount when the promo is smaller', async () => {
    serve({ cart: cartOf([ferritin], [], { promo: 0.03, promoCode: 'SMALL3' }) });
    renderAt(<CartPage />, '/cart');
    await screen.findByRole('link', { name: 'Феритин' });
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'Знижка за промокодом (3 %) менша за знижку за онлайн-оплату, тому ціни вказано зі знижкою 5 % за онлайн-оплату.',
      ),
    );
  });

  it('applies a promo code the server accepts: checked, then applied to the cart', async () => {
    const { requests } = serve({ cart: cartOf([ferritin]) });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    await user.type(await screen.findByLabelText('Промокод'), 'SPRING10');
    await user.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(await screen.findByText('Промокод SPRING10 застосовано: знижка 10 %')).toBeInTheDocument();
    const check = requests.findIndex((request) => request.url === '/service/discounts/search/SPRING10');
    const apply = requests.findIndex(
      (request) =>
        request.url === `/cart/carts/${GUEST_CART}` &&
        (request.params as { promoCode?: string }).promoCode === 'SPRING10',
    );
    expect(check).toBeGreaterThanOrEqual(0);
    expect(apply).toBeGreaterThan(check);
  });

  it('an invalid or expired code shows its message and empties the stored promo; editing clears the message', async () => {
    const { state, requests } = serve({ cart: cartOf([ferritin], [], { promo: 0.1, promoCode: 'SPRING10' }) });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText('Промокод SPRING10 застосовано: знижка 10 %')).toBeInTheDocument();
    const input = screen.getByLabelText('Інший промокод');
    await user.type(input, 'OLD5');
    await user.click(screen.getByRole('button', { name: 'Застосувати' }));
    // the earlier code went with the mistyped one, and the visitor is told so
    const removed = 'Промокод OLD5 недійсний або термін його дії закінчився. Попередній промокод SPRING10 скасовано.';
    const message = await screen.findByText(removed);
    expect(message).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(removed);
    // the cart's stored promo is emptied (the cart read with an empty promo code)
    await waitFor(() => expect(screen.queryByText(/Промокод SPRING10 застосовано/)).not.toBeInTheDocument());
    expect(requests.some((request) => (request.params as { promoCode?: string } | undefined)?.promoCode === '')).toBe(
      true,
    );
    expect(state.cart.promoCode).toBeNull();
    expect(screen.getByLabelText('Промокод')).toBe(input);
    await user.type(input, 'X');
    expect(screen.queryByText(removed)).not.toBeInTheDocument();
  });

  it('a code the cart refuses after the check (400 wrong-promo) shows the same message', async () => {
    serve({ cart: cartOf([ferritin]), promos: { RACE: 0.2 }, cartPromos: {} });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    await user.type(await screen.findByLabelText('Промокод'), 'RACE');
    await user.click(screen.getByRole('button', { name: 'Застосувати' }));
    expect(await screen.findByText('Промокод недійсний або термін його дії закінчився')).toBeInTheDocument();
    expect(screen.queryByText(/Промокод RACE застосовано/)).not.toBeInTheDocument();
  });

  it('deletes after confirmation; analytics failing does not keep the dialog open; focus goes to the heading', async () => {
    serve({ cart: cartOf([ferritin, line(4, { title: 'ПСА' })], [draw]) });
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      get() {
        throw new Error('blocked by an extension');
      },
    });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    await user.click(await screen.findByRole('button', { name: 'Видалити з кошика: Феритин' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Феритин' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Кошик' })).toHaveFocus();
    Object.defineProperty(window, 'dataLayer', { configurable: true, writable: true, value: undefined });
  });

  it('cancelling the confirmation keeps the line and returns focus to its delete button', async () => {
    const { calls } = serve({ cart: cartOf([ferritin]) });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    const remove = await screen.findByRole('button', { name: 'Видалити з кошика: Феритин' });
    await user.click(remove);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls(`POST /cart/carts/${GUEST_CART}/remove`)).toHaveLength(0);
  });

  it('a refused deletion shows the server message in the dialog', async () => {
    serve({ cart: cartOf([ferritin]), removeFails: true });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    await user.click(await screen.findByRole('button', { name: 'Видалити з кошика: Феритин' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Видалити' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Не можна видалити');
  });

  it('shows the empty state with the way to the catalogue', async () => {
    serve({ cart: cartOf([]) });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText('У кошику поки немає аналізів')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Знайти аналіз' })).toHaveAttribute('href', '/analyzes');
  });

  it('a failed read shows the error with a retry', async () => {
    const { state } = serve({ cart: cartOf([ferritin]), cartFails: true });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText('Не вдалося завантажити кошик')).toBeInTheDocument();
    expect(screen.getByText('Внутрішня помилка')).toBeInTheDocument();
    state.cartFails = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('link', { name: 'Феритин' })).toBeInTheDocument();
  });

  it('tells a doctor the cart is not for their role', async () => {
    setStored('doctor', true);
    serve({ signedIn: true, cart: cartOf([ferritin]) });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText(/У ролі лікаря кошик недоступний/)).toBeInTheDocument();
  });
});

describe('lines not available in the chosen city', () => {
  const psa = unavailableLine(4, { title: 'ПСА загальний', code: '2003' });
  const withdrawn = unavailableLine(6, { title: 'Старий аналіз', code: '9009', reason: 'withdrawn' });

  it('lists them apart with a text note and no price, outside the totals; the checkout is not offered', async () => {
    serve({ cart: cartOf([ferritin], [draw], { unavailableItems: [psa, withdrawn] }) });
    renderAt(<CartPage />, '/cart');
    const region = await screen.findByRole('region', { name: 'Недоступні в місті Київ' });
    expect(region).toHaveTextContent('Ці аналізи не можна замовити в обраному місті');
    const [first, second] = within(region).getAllByRole('listitem');
    expect(first).toHaveTextContent('2003');
    expect(first).toHaveTextContent('Недоступний у цьому місті');
    expect(first).not.toHaveTextContent('грн');
    expect(within(first as HTMLElement).getByRole('link', { name: 'ПСА загальний' })).toHaveAttribute(
      'href',
      '/analysis/analysis-4',
    );
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Видалити з кошика: ПСА загальний' }),
    ).toBeVisible();
    // a withdrawn service has no page to link to
    expect(second).toHaveTextContent('Більше не надається');
    expect(within(second as HTMLElement).queryByRole('link')).not.toBeInTheDocument();

    // the totals are those of the available lines only
    expect(summary()).toHaveTextContent('До сплати277.40 грн');
    expect(within(summary()).queryByRole('link', { name: 'Оформити замовлення' })).not.toBeInTheDocument();
    expect(
      within(summary()).getByText(
        'Щоб оформити замовлення, видаліть недоступні аналізи з кошика або оберіть інше місто.',
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it('removes one after confirmation; without them the checkout is offered again', async () => {
    const { calls } = serve({ cart: cartOf([ferritin], [draw], { unavailableItems: [psa] }) });
    const user = userEvent.setup();
    renderAt(<CartPage />, '/cart');
    await user.click(await screen.findByRole('button', { name: 'Видалити з кошика: ПСА загальний' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('«ПСА загальний» буде видалено з кошика.');
    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Недоступні/ })).not.toBeInTheDocument());
    expect(calls(`POST /cart/carts/${GUEST_CART}/remove`).map(bodyOf)).toEqual([{ serviceIds: [4] }]);
    expect(screen.getByRole('link', { name: 'Феритин' })).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Оформити замовлення' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Кошик' })).toHaveFocus();
  });

  it('a cart holding only such lines is not shown as empty', async () => {
    serve({ cart: cartOf([], [], { unavailableItems: [psa] }) });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByRole('button', { name: 'Видалити з кошика: ПСА загальний' })).toBeInTheDocument();
    expect(screen.queryByText('У кошику поки немає аналізів')).not.toBeInTheDocument();
    expect(summary()).toHaveTextContent('До сплати0 грн');
  });
});
