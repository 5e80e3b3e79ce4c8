import { api, getStored, type OrderCreateBody, setStored } from '@lab/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { browser } from '../../lib/browser';
import { bodyOf, CITY, OWNER_ID, orderOf, serve } from '../../test/server';
import { location, renderAt, resetBrowserState, setUpI18n } from '../../test/setup';
import { usePlaceOrder } from './usePlaceOrder';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
  setStored('utmParams', { source: 'google', campaign: 'spring' });
});
afterEach(() => jest.restoreAllMocks());

const body = (paymentType: 'online' | 'cash'): Omit<OrderCreateBody, 'orderId'> => ({
  settlementId: CITY,
  patientId: OWNER_ID,
  visit: 'branch',
  branchId: 5,
  homeVisit: null,
  paymentType,
  doctor: null,
  promoCode: null,
  acceptContract: true,
  acceptPersonalData: true,
  utmParameters: getStored('utmParams'),
});

function Checkout({ paymentType }: { paymentType: 'online' | 'cash' }) {
  const { place, pending } = usePlaceOrder();
  const [failure, setFailure] = useState('');
  return (
    <div>
      <button
        type="button"
        onClick={() =>
          void place((orderId) => ({ ...body(paymentType), orderId })).then((error) => setFailure(error?.message ?? ''))
        }
      >
        place
      </button>
      <output data-testid="pending">{pending ? 'busy' : 'idle'}</output>
      <output data-testid="failure">{failure}</output>
    </div>
  );
}

const creates = (requests: ReturnType<typeof serve>['requests']) =>
  requests.filter((request) => request.url === '/order/orders').map((request) => bodyOf(request) as OrderCreateBody);

describe('placing the order', () => {
  it('a retry after a failure sends the same order id, so the server can never make two orders', async () => {
    let attempt = 0;
    const { requests } = serve({
      signedIn: true,
      createOrder: (sent) => {
        attempt += 1;
        return attempt === 1 ? { networkError: true } : { status: 200, data: orderOf(sent) };
      },
    });
    renderAt(<Checkout paymentType="cash" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(screen.getByTestId('failure')).toHaveTextContent('Немає з’єднання з сервером'));
    expect(screen.getByTestId('pending')).toHaveTextContent('idle');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result\?orderId=/));
    const [first, second] = creates(requests);
    expect(first?.orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second?.orderId).toBe(first?.orderId);
    expect(location()).toBe(`/checkout/result?orderId=${first?.orderId}`);
    // paying at the branch: registered with the lab, no payment
    expect(requests.filter((request) => request.url === '/order/orders/registry')).toHaveLength(1);
    expect(requests.filter((request) => request.url === '/order/orders/registry/payment')).toHaveLength(0);
  });

  it('a double click makes one create call', async () => {
    const { requests } = serve({ signedIn: true });
    renderAt(<Checkout paymentType="cash" />, '/checkout');
    const button = screen.getByRole('button', { name: 'place' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.getByTestId('pending')).toHaveTextContent('busy');
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result/));
    expect(creates(requests)).toHaveLength(1);
  });

  it('sends the stored UTM parameters and clears them afterwards, on success', async () => {
    const { requests } = serve({ signedIn: true });
    renderAt(<Checkout paymentType="cash" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result/));
    expect(creates(requests)[0]?.utmParameters).toEqual({ source: 'google', campaign: 'spring' });
    expect(getStored('utmParams')).toBeNull();
  });

  it('clears the stored UTM parameters after a failure too', async () => {
    serve({
      signedIn: true,
      createOrder: () => ({
        status: 400,
        data: { code: 'doctor-code-invalid', message: 'Невірний код лікаря', field: 'doctor' },
      }),
    });
    renderAt(<Checkout paymentType="cash" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(screen.getByTestId('failure')).toHaveTextContent('Невірний код лікаря'));
    expect(getStored('utmParams')).toBeNull();
  });

  it('online: registers the order, starts the payment and goes to the provider page', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { requests } = serve({ signedIn: true });
    renderAt(<Checkout paymentType="online" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/sandbox/pay/pay-1'));
    expect(bodyOf(requests.find((request) => request.url === '/order/orders/registry') as never)).toEqual({
      orderId: creates(requests)[0]?.orderId,
    });
    expect(bodyOf(requests.find((request) => request.url === '/order/orders/registry/payment') as never)).toEqual({
      registryId: 77,
    });
    // the page is leaving: the button stays busy
    expect(screen.getByTestId('pending')).toHaveTextContent('busy');
  });

  it('online: when the payment cannot start, the placed order shows its payment error', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    serve({ signedIn: true });
    jest.spyOn(api.orders, 'pay').mockRejectedValue(new Error('503'));
    renderAt(<Checkout paymentType="online" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result\?orderId=.+&payment=error$/));
    expect(assign).not.toHaveBeenCalled();
  });

  it('a new checkout (a new mount) takes a new order id', async () => {
    const { requests } = serve({ signedIn: true });
    const first = renderAt(<Checkout paymentType="cash" />, '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result/));
    first.unmount();
    renderAt(<Checkout paymentType="cash" />, '/checkout');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'place' }));
    });
    await waitFor(() => expect(creates(requests)).toHaveLength(2));
    const [a, b] = creates(requests);
    expect(a?.orderId).not.toBe(b?.orderId);
  });
});
