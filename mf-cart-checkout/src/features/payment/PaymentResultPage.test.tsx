import type { Order } from '@lab/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser';
import { bodyOf, orderOf, serve } from '../../test/server';
import { renderAt, resetBrowserState, setUpI18n } from '../../test/setup';
import { PaymentResultPage, PENDING_POLL_LIMIT_MS, PENDING_POLL_MS, paymentView } from './PaymentResultPage';

beforeAll(setUpI18n);
beforeEach(resetBrowserState);
afterEach(() => jest.restoreAllMocks());

const ORDER_ID = '9b2e4c1a-1d2f-4a3b-8c4d-5e6f7a8b9c0d';
const online = (overrides: Partial<Order> = {}) =>
  orderOf({ orderId: ORDER_ID, paymentType: 'online' }, { registryId: 77, ...overrides });

function renderResult(query: string) {
  return renderAt(<PaymentResultPage />, `/checkout/result?${query}`, '/checkout/result');
}

describe('the payment result', () => {
  it('maps the order states to what is shown', () => {
    expect(paymentView(online({ state: 'paid' }), 'success')).toMatchObject({ key: 'paid', failed: false });
    expect(paymentView(online({ state: 'payment-failed' }), null)).toMatchObject({ key: 'failed', failed: true });
    expect(paymentView(online({ state: 'payment-pending' }), 'failure')).toMatchObject({ key: 'failed' });
    expect(paymentView(online({ state: 'payment-pending' }), 'success')).toMatchObject({ key: 'pending' });
    expect(paymentView(online({ state: 'waiting-at-branch', paymentType: 'cash' }), null)).toMatchObject({
      key: 'payAtBranch',
    });
  });

  it('paid: the order with its total broken down', async () => {
    serve({
      signedIn: true,
      order: online({ state: 'paid', totalPrice: 627.4, onlineDiscount: 14.6, otherDiscounts: 58, homeVisitCost: 350 }),
    });
    renderResult(`orderId=${ORDER_ID}&payment=success`);
    expect(await screen.findByText('Замовлення № LAB-2001 оплачено')).toBeInTheDocument();
    expect(screen.getByText('Замовлення № LAB-2001 оплачено').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Повторити оплату' })).not.toBeInTheDocument();
    const totals = screen.getByText('До сплати').closest('dl') as HTMLElement;
    expect(totals).toHaveTextContent('Вартість без знижок350 грн');
    expect(totals).toHaveTextContent('Знижка за онлайн-оплату−14.60 грн');
    expect(totals).toHaveTextContent('Виїзд медсестри+350 грн');
    expect(totals).toHaveTextContent('До сплати627.40 грн');
  });

  it('says where (hours, status, services), how to prepare (the strictest fast first) and when results come', async () => {
    serve({
      signedIn: true,
      order: online({ state: 'waiting-at-branch', paymentType: 'cash', registryId: null }),
    });
    renderResult(`orderId=${ORDER_ID}`);
    const plan = await screen.findByTestId('visit-plan');
    const where = within(plan).getByRole('region', { name: 'Куди прийти' });
    expect(where).toHaveTextContent('вул. Хрещатик, 67');
    expect(where).toHaveTextContent('Скоро зачиняється');
    expect(where).toHaveTextContent('Пн–Пт08:00–20:00');
    expect(where).toHaveTextContent('Ндвихідний');
    expect(within(where).getByRole('list', { name: 'Послуги відділення' })).toHaveTextContent(/Оплата карткою.*Пандус/);
    const prepare = within(plan).getByRole('region', { name: 'Як підготуватися' });
    expect(within(prepare).getByTestId('plan-fasting')).toHaveTextContent(/^Не їжте щонайменше 12 годин/);
    const notes = within(prepare)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(notes).toEqual([
      'Строго натщесерце, через 12–14 годин.Для: Ліпідограма',
      'Зібрати ранкову сечу.Для: Загальний аналіз сечі',
    ]);
    expect(within(plan).getByTestId('plan-results')).toHaveTextContent(
      'Орієнтовно понеділок, 23 листопада: до 3 робочих днів після взяття матеріалу.',
    );
  });

  it('a plan that failed to load says so and is asked for again', async () => {
    const server = serve({ signedIn: true, order: online({ state: 'paid' }), plan: null });
    renderResult(`orderId=${ORDER_ID}`);
    const retry = await screen.findByRole('button', { name: /Спробувати ще раз/ });
    expect(screen.getByText('Не вдалося завантажити пам’ятку до візиту')).toBeInTheDocument();
    const before = server.calls(`GET /order/orders/${ORDER_ID}/plan`).length;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(server.calls(`GET /order/orders/${ORDER_ID}/plan`).length).toBe(before + 1));
  });

  it('shows the branch once, with its city: the order may be in another city than the one chosen now', async () => {
    serve({
      signedIn: true,
      order: online({
        state: 'paid',
        branch: { id: 1, title: 'вул. Європейська, 47', address: 'вул. Європейська, 47', city: 'Полтава' },
      }),
    });
    renderResult(`orderId=${ORDER_ID}`);
    const branch = (await screen.findByText('Відділення')).nextElementSibling as HTMLElement;
    expect(branch).toHaveTextContent(/^Полтава, вул\. Європейська, 47$/);
  });

  it('a home visit: the address with flat, entrance and floor, and the comment', async () => {
    serve({
      signedIn: true,
      order: online({
        state: 'paid',
        branch: null,
        homeVisitCost: 350,
        homeVisit: {
          street: 'вул. Січових Стрільців',
          house: '12',
          apartment: '5',
          entrance: '2',
          floor: '4',
          arrivalDate: '2026-01-20',
          arrivalTime: '09:30',
          comment: 'Домофон не працює',
        },
      }),
    });
    renderResult(`orderId=${ORDER_ID}`);
    expect(
      await screen.findByText('вул. Січових Стрільців, 12, кв. 5, під’їзд 2, поверх 4 — 20.01.2026, близько 09:30'),
    ).toBeInTheDocument();
    expect(screen.getByText('Домофон не працює')).toBeInTheDocument();
  });

  it('a declined payment: «Помилка при оплаті», repeat the payment', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { requests } = serve({ signedIn: true, order: online({ state: 'payment-failed' }) });
    const user = userEvent.setup();
    renderResult(`orderId=${ORDER_ID}&payment=failure`);
    const alert = await screen.findByText('Помилка при оплаті');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Повторити оплату' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/sandbox/pay/pay-1'));
    // the order already has its registry: it is paid again, not registered again
    expect(requests.filter((request) => request.url === '/order/orders/registry')).toHaveLength(0);
    expect(bodyOf(requests.find((request) => request.url === '/order/orders/registry/payment') as never)).toEqual({
      registryId: 77,
    });
  });

  it('a declined payment: change the method to paying at the branch', async () => {
    const { requests } = serve({ signedIn: true, order: online({ state: 'payment-failed' }) });
    const user = userEvent.setup();
    renderResult(`orderId=${ORDER_ID}&payment=failure`);
    await user.click(await screen.findByRole('button', { name: 'Оплатити у відділенні' }));
    expect(await screen.findByText('Спосіб оплати змінено: оплата на місці.')).toBeInTheDocument();
    expect(screen.getByText('Оплатіть його у відділенні під час візиту.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторити оплату' })).not.toBeInTheDocument();
    expect(
      bodyOf(requests.find((request) => request.url === '/order/orders/registry/payment/method') as never),
    ).toEqual({ registryId: 77, paymentType: 'cash' });
  });

  it('pending: waits for the confirmation and reads the order again', async () => {
    const { state, requests } = serve({ signedIn: true, order: online({ state: 'payment-pending' }) });
    renderResult(`orderId=${ORDER_ID}&payment=success`);
    expect(await screen.findByText('Очікуємо підтвердження оплати')).toBeInTheDocument();
    state.order = online({ state: 'paid' });
    expect(await screen.findByText('Замовлення № LAB-2001 оплачено', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(requests.filter((request) => request.url === `/order/orders/${ORDER_ID}`).length).toBeGreaterThan(1);
  });

  it('pending for too long: stops reading the order, says so, and checks again on request', async () => {
    jest.useFakeTimers();
    try {
      const { state, requests } = serve({ signedIn: true, order: online({ state: 'payment-pending' }) });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderResult(`orderId=${ORDER_ID}&payment=success`);
      expect(await screen.findByText('Очікуємо підтвердження оплати')).toBeInTheDocument();
      const reads = () => requests.filter((request) => request.url === `/order/orders/${ORDER_ID}`).length;
      // time passes poll by poll: each read is scheduled once the previous one has answered
      const pass = async (ms: number) => {
        for (let waited = 0; waited < ms; waited += PENDING_POLL_MS) {
          await act(async () => {
            jest.advanceTimersByTime(PENDING_POLL_MS);
          });
        }
      };
      await pass(PENDING_POLL_LIMIT_MS / 2);
      expect(screen.queryByText(/Підтвердження оплати затримується/)).not.toBeInTheDocument();
      await pass(PENDING_POLL_LIMIT_MS / 2);
      expect(await screen.findByText(/Підтвердження оплати затримується/)).toBeInTheDocument();
      const atLimit = reads();
      expect(atLimit).toBeGreaterThan(PENDING_POLL_LIMIT_MS / PENDING_POLL_MS / 2);
      await pass(10 * PENDING_POLL_MS);
      expect(reads()).toBe(atLimit);

      state.order = online({ state: 'paid' });
      await user.click(screen.getByRole('button', { name: 'Перевірити ще раз' }));
      expect(await screen.findByText('Замовлення № LAB-2001 оплачено')).toBeInTheDocument();
      expect(screen.queryByText(/Підтвердження оплати затримується/)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('an unknown order, and a missing id, say the order was not found', async () => {
    serve({ signedIn: true, order: null });
    const view = renderResult(`orderId=${ORDER_ID}`);
    expect(await screen.findByText('Замовлення не знайдено.')).toBeInTheDocument();
    view.unmount();
    renderResult('');
    expect(await screen.findByText('Замовлення не знайдено.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мої замовлення' })).toHaveAttribute('href', '/account/orders');
  });
});
