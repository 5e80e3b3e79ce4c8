import { initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { SWRConfig } from 'swr';
import { api } from '../clients/api';
import type { Cart } from '../contract/cart';
import type { HomeVisitSlotsResponse } from '../contract/orders';
import { installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys, keysOf, SESSION_AREAS } from './keys';
import { useCart } from './useCart';
import { useHomeVisitSlots, useOrder } from './useCheckout';

const CART_ID = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
const ORDER_ID = '9b2e4c1a-1d2f-4a3b-8c4d-5e6f7a8b9c0d';
const CITY = 7;

beforeAll(() => initI18n('ua'));

function Cache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

const cart = (promo: number | null, promoCode: string | null, totalPrice: number): Cart => ({
  id: CART_ID,
  items: [],
  additionalItems: [],
  totalPrice,
  originalTotalPrice: 500,
  promo,
  promoCode,
});

/** A cart that knows one promo code, SPRING10; any other is refused and removes the cart's promo. */
function servePromoCart() {
  let current = cart(null, null, 475);
  return installAdapter((request) => {
    const code = (request.params as { promoCode?: string } | undefined)?.promoCode;
    if (code === 'SPRING10') current = cart(0.1, 'SPRING10', 450);
    else if (code !== undefined) {
      current = cart(null, null, 475);
      return {
        status: 400,
        data: { code: 'wrong-promo', message: 'Промокод недійсний або термін його дії закінчився', field: 'promoCode' },
      };
    }
    return ok(current);
  });
}

function PromoForm() {
  const { data, applyPromo } = useCart(CART_ID, CITY);
  const [message, setMessage] = useState('');
  const apply = (code: string) =>
    applyPromo(code).then(
      () => setMessage('applied'),
      (error: Error) => setMessage(error.message),
    );
  return (
    <div>
      <output data-testid="total">{data ? `${data.totalPrice} ${data.promoCode ?? '-'}` : '…'}</output>
      <output data-testid="message">{message}</output>
      <button type="button" onClick={() => void apply(' SPRING10 ')}>
        good
      </button>
      <button type="button" onClick={() => void apply('WRONG')}>
        bad
      </button>
    </div>
  );
}

describe('useCart().applyPromo', () => {
  it('applies a code through the cart read (?promoCode=) and writes the repriced cart', async () => {
    const requests = servePromoCart();
    render(
      <Cache>
        <PromoForm />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('475 -'));
    await userEvent.click(screen.getByRole('button', { name: 'good' }));
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('450 SPRING10'));
    const applied = requests.at(-1);
    expect(applied?.url).toBe(`/cart/carts/${CART_ID}`);
    expect(applied?.params).toEqual({ settlementId: CITY, promoCode: 'SPRING10' });
  });

  it('rejects with the server message for a refused code and reads the cart again (its promo is gone)', async () => {
    const requests = servePromoCart();
    render(
      <Cache>
        <PromoForm />
      </Cache>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'good' }));
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('450 SPRING10'));
    await userEvent.click(screen.getByRole('button', { name: 'bad' }));
    await waitFor(() =>
      expect(screen.getByTestId('message')).toHaveTextContent('Промокод недійсний або термін його дії закінчився'),
    );
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('475 -'));
    expect(requests.at(-1)?.params).toEqual({ settlementId: CITY });
  });

  it('goes to the private cart for a signed-in user', async () => {
    const requests = installAdapter(() => ok(cart(null, null, 0)));
    await api.cart.applyPromo(null, '', CITY);
    expect(`${requests[0]?.baseURL}${requests[0]?.url}`).toBe('/api/private/cart/carts');
    expect(requests[0]?.params).toEqual({ settlementId: CITY, promoCode: '' });
  });
});

function Slots({ city, date }: { city: number | null; date: string | null }) {
  const { data } = useHomeVisitSlots(city, date);
  return <span>{data ? data.slots.map((slot) => slot.time).join(',') : 'idle'}</span>;
}

describe('useHomeVisitSlots', () => {
  it('asks for the free times of a day in the city, and nothing without both', async () => {
    const slots: HomeVisitSlotsResponse = {
      date: '2026-12-01',
      cost: 350,
      slots: [
        { time: '08:00', available: 2 },
        { time: '09:00', available: 0 },
      ],
    };
    const requests = installAdapter(() => ok(slots));
    const { rerender } = render(
      <Cache>
        <Slots city={CITY} date={null} />
      </Cache>,
    );
    await act(async () => {});
    expect(requests).toHaveLength(0);
    rerender(
      <Cache>
        <Slots city={CITY} date="2026-12-01" />
      </Cache>,
    );
    expect(await screen.findByText('08:00,09:00')).toBeInTheDocument();
    expect(`${requests[0]?.baseURL}${requests[0]?.url}`).toBe('/api/private/order/home-visit/slots');
    expect(requests[0]?.params).toEqual({ settlementId: CITY, date: '2026-12-01' });
  });
});

function OrderNumber({ id }: { id: string | null }) {
  const { data } = useOrder(id);
  return <span>{data ? data.number : 'idle'}</span>;
}

describe('useOrder', () => {
  it('reads one order by its client id', async () => {
    const requests = installAdapter(() => ok({ id: ORDER_ID, number: 'LAB-1001' }));
    render(
      <Cache>
        <OrderNumber id={ORDER_ID} />
      </Cache>,
    );
    expect(await screen.findByText('LAB-1001')).toBeInTheDocument();
    expect(`${requests[0]?.baseURL}${requests[0]?.url}`).toBe(`/api/private/order/orders/${ORDER_ID}`);
  });

  it('keys belong to the session: dropped with the user', () => {
    expect(apiKeys.order(ORDER_ID, 'ua')).toEqual(['order', ORDER_ID, 'ua']);
    expect(SESSION_AREAS).toEqual(expect.arrayContaining(['order', 'home-visit-slots']));
    expect(keysOf(...SESSION_AREAS)(apiKeys.homeVisitSlots(CITY, '2026-12-01'))).toBe(true);
  });
});
