import { render, screen } from '@testing-library/react';
import { setUpI18n } from '../../test/render';
import { OrderStateBadge } from './OrderStateBadge';
import { canRepeatPayment, ORDER_STATES, STATE_LOOK } from './orderStates';

beforeAll(setUpI18n);

describe('order display states (docs/product.md#orders)', () => {
  it.each([
    ['waiting-at-branch', 'Очікуємо у відділенні'],
    ['awaiting-results', 'Очікує результатів'],
    ['results-ready', 'Результати готові'],
    ['paid', 'Замовлення оплачено'],
    ['paid-at-branch', 'Оплачено у відділенні'],
    ['payment-pending', 'Очікує оплати'],
    ['payment-failed', 'Остання оплата не пройшла'],
  ] as const)('%s reads "%s"', (state, label) => {
    render(<OrderStateBadge state={state} />);
    expect(screen.getByText(label)).toHaveAttribute('data-state', state);
  });

  it('gives every state a badge of its own: no two share colour and icon', () => {
    expect(ORDER_STATES).toHaveLength(7);
    const looks = ORDER_STATES.map((state) => `${STATE_LOOK[state].tone}/${STATE_LOOK[state].icon}`);
    expect(new Set(looks).size).toBe(7);
    expect(new Set(ORDER_STATES.map((state) => STATE_LOOK[state].tone)).size).toBe(7);
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
