import { initI18n } from '@lab/i18n';
import { render, screen } from '@testing-library/react';
import { installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys } from './keys';
import { preloadOrder, rememberSession } from './preloadPersonal';
import { PRIMED_ANSWERS_ELEMENT_ID, primeAnswers } from './primed';
import { useOrder } from './useCheckout';

beforeAll(() => initI18n('ua'));

function OrderNumber({ id }: { id: string }) {
  const { data } = useOrder(id);
  return <span>{data ? data.number : 'loading'}</span>;
}

function OrderFailure({ id }: { id: string }) {
  const { error } = useOrder(id);
  return <span>{error ? error.code : 'loading'}</span>;
}

const signedIn = { canLogin: false };
const guest = { canLogin: true };

describe("a signed-in page's first call, started before the page's code", () => {
  it('is asked for once: the hook that mounts later takes its answer', async () => {
    const requests = installAdapter(() => ok({ id: 'order-1', number: 'LAB-2001' }));
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
    preloadOrder('order-1');
    // the request left before any component asked
    expect(requests.map((request) => request.url)).toEqual(['/order/orders/order-1']);
    render(<OrderNumber id="order-1" />);
    expect(await screen.findByText('LAB-2001')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('is not asked for a guest, whose call would be refused (the page asks them to sign in)', () => {
    const requests = installAdapter(() => ok({ id: 'order-2', number: 'LAB-2002' }));
    primeAnswers([{ key: apiKeys.session(), data: guest }]);
    preloadOrder('order-2');
    expect(requests).toHaveLength(0);
  });

  it("while the session is read again (a sign-out), is not asked for: the page's primed answer no longer counts", () => {
    const requests = installAdapter(() => ok({ id: 'order-4', number: 'LAB-2004' }));
    document.body.innerHTML = `<script type="application/json" id="${PRIMED_ANSWERS_ELEMENT_ID}">${JSON.stringify([
      { key: apiKeys.session(), data: signedIn },
    ])}</script>`;
    // the session hook's answer, dropped while it is asked again
    rememberSession(undefined);
    preloadOrder('order-4');
    expect(requests).toHaveLength(0);
    document.body.innerHTML = '';
  });

  it('leaves a failure to the hook that reads the key, with no unhandled rejection', async () => {
    const requests = installAdapter(() => ({ status: 404, data: { code: 'not-found', message: 'Не знайдено' } }));
    primeAnswers([{ key: apiKeys.session(), data: signedIn }]);
    preloadOrder('order-3');
    render(<OrderFailure id="order-3" />);
    expect(await screen.findByText('not-found')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
