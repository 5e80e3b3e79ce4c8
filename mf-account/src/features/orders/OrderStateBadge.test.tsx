import { render, screen } from '@testing-library/react';
import { setUpI18n } from '../../test/render';
import { OrderStateBadge } from './OrderStateBadge';
import { canRepeatPayment, ORDER_STATES, paymentPlaceKey, STATE_LOOK } from './orderStates';

beforeAll(setUpI18n);

describe('order display states (docs/product.md#orders)', () => {
  it.each([
    ['waiting-at-branch', 'Очікуємо у відділенні'],
    ['awaiting-results', 'Очікує результатів'],
    ['results-ready', 'Результати готові'],
    ['paid', 'Замовлення оплачено'],
    ['paid-at-branch', 'Оплачено у відділенні'],
    ['waiting-for-nurse', 'Очікуємо медсестру'],
    ['paid-to-nurse', 'Оплачено медсестрі'],
    ['payment-pending', 'Очікує оплати'],
    ['payment-failed', 'Остання оплата не пройшла'],
  ] as const)('%s reads "%s"', (state, label) => {
    render(<OrderStateBadge state={state} />);
    expect(screen.getByText(label)).toHaveAttribute('data-state', state);
  });

  it('gives every state a badge of its own: no two share colour and icon', () => {
    expect(ORDER_STATES).toHaveLength(9);
    const looks = ORDER_STATES.map((state) => `${STATE_LOOK[state].tone}/${STATE_LOOK[state].icon}`);
    expect(new Set(looks).size).toBe(9);
    // the seven steps of docs/product.md#orders each a colour; a home visit's two take their branch step's
    expect(new Set(ORDER_STATES.map((state) => STATE_LOOK[state].tone)).size).toBe(7);
    expect(STATE_LOOK['waiting-for-nurse'].tone).toBe(STATE_LOOK['waiting-at-branch'].tone);
  });

  it('names the place of paying on the spot: the nurse for a home visit, the branch otherwise', () => {
    const visit = { street: 'вул. Хрещатик', house: '1', arrivalDate: '2026-12-03', arrivalTime: '10:00' };
    expect(paymentPlaceKey({ paymentType: 'cash', homeVisit: visit })).toBe('orders.paymentToNurse.cash');
    expect(paymentPlaceKey({ paymentType: 'card', homeVisit: visit })).toBe('orders.paymentToNurse.card');
    expect(paymentPlaceKey({ paymentType: 'online', homeVisit: visit })).toBe('orders.payment.online');
    expect(paymentPlaceKey({ paymentType: 'cash', homeVisit: null })).toBe('orders.payment.cash');
  });

  it('offers to pay (again) only for an unpaid online order', () => {
    const online = { paymentType: 'online' as const };
    expect(canRepeatPayment({ ...online, state: 'payment-failed' })).toBe(true);
    expect(canRepeatPayment({ ...online, state: 'payment-pending' })).toBe(true);
    expect(canRepeatPayment({ paymentType: 'online-provider-2', state: 'payment-pending' })).toBe(true);
    expect(canRepeatPayment({ ...online, state: 'paid' })).toBe(false);
    expect(canRepeatPayment({ paymentType: 'cash', state: 'waiting-at-branch' })).toBe(false);
  });
});
