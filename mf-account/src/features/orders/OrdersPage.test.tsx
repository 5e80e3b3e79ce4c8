import { addDays, addMonths, todayInKyiv } from '@lab/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../../lib/redirect';
import { order } from '../../test/fixtures';
import { ok, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { OrdersPage } from './OrdersPage';

jest.mock('../../lib/redirect', () => ({ redirectTo: jest.fn() }));

beforeAll(setUpI18n);
afterEach(() => {
  resetBrowserState();
  jest.mocked(redirectTo).mockClear();
});

const listRequests = (requests: ReturnType<typeof serveAccount>) =>
  requests.filter((request) => request.url === '/admin-app/registries/self');

describe('my orders', () => {
  it('opens the plan of an order still to be sampled: where, how to prepare, when results come', async () => {
    const plans: string[] = [];
    serveAccount({
      orders: [
        order({ state: 'waiting-at-branch' }),
        order({ id: 'ready', number: '2600102', state: 'results-ready' }),
      ],
      handle: (request) => {
        if (!request.url?.endsWith('/plan')) return undefined;
        plans.push(request.url);
        return ok({
          branch: null,
          visit: { date: '2026-11-20', time: '10:00' },
          preparation: {
            fastingHours: 12,
            notes: [{ text: 'Строго натщесерце, 12–14 годин.', services: ['Холестерин'], fastingHours: 12 }],
          },
          results: { workingDays: 2, expectedDate: '2026-11-24' },
        });
      },
    });
    renderAt(<OrdersPage />);
    const [waiting, ready] = await screen.findAllByTestId('order-card');
    if (!waiting || !ready) throw new Error('two cards expected');
    // a ready order has nothing to plan; the plan is asked for only once it is opened
    expect(within(ready).queryByText('Візит і підготовка')).not.toBeInTheDocument();
    expect(plans).toEqual([]);
    await userEvent.setup().click(within(waiting).getByText('Візит і підготовка'));
    expect(await within(waiting).findByTestId('plan-fasting')).toHaveTextContent(/^Не їжте щонайменше 12 годин/);
    expect(within(waiting).getByTestId('plan-visit')).toHaveTextContent(/^П’ятниця, 20 листопада, орієнтовно о 10:00/);
    expect(within(waiting).getByTestId('plan-results')).toHaveTextContent('Орієнтовно вівторок, 24 листопада');
    expect(plans).toEqual([`/order/orders/${order().id}/plan`]);
  });

  it('offers the results that are in while the rest are awaited, and how many are in', async () => {
    serveAccount({
      orders: [
        order({ state: 'awaiting-results', resultsProgress: { received: 2, expected: 6 }, resultsFetchDate: null }),
        order({
          id: '8f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
          number: '2600103',
          registryId: 103,
          state: 'awaiting-results',
          resultsProgress: { received: 0, expected: 6 },
        }),
      ],
    });
    renderAt(<OrdersPage />);
    const [partial, none] = await screen.findAllByTestId('order-card');
    if (!partial || !none) throw new Error('two cards expected');
    expect(within(partial).getByTestId('results-progress')).toHaveTextContent('готові 2 з 6 показників');
    expect(within(partial).getByRole('link', { name: /^Готові результати замовлення №\s2600101$/ })).toHaveAttribute(
      'href',
      '/account/results/101',
    );
    expect(within(none).queryByTestId('results-progress')).not.toBeInTheDocument();
    expect(within(none).queryByRole('link', { name: /результати/ })).not.toBeInTheDocument();
  });

  it('lists each order with number, date, branch, patient, totals, payment and state', async () => {
    serveAccount({
      orders: [
        order(),
        order({
          id: '7f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
          number: '2600102',
          state: 'waiting-for-nurse',
          paymentType: 'cash',
          branch: null,
          homeVisit: {
            street: 'вул. Січових Стрільців',
            house: '12',
            apartment: '5',
            entrance: '2',
            floor: '4',
            arrivalDate: '2026-01-20',
            arrivalTime: '09:30',
            comment: 'Домофон не працює, телефонуйте',
          },
          homeVisitCost: 350,
          onlineDiscount: 0,
          receiptId: null,
        }),
      ],
    });
    renderAt(<OrdersPage />);
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Замовлення №\u00a02600101' })).toBeInTheDocument();
    expect(first).toHaveTextContent('10.01.2026 10:30');
    expect(first).toHaveTextContent('Відділення на Хрещатику');
    expect(first).toHaveTextContent('Коваленко Олена Петрівна');
    expect(first).toHaveTextContent('Знижка за онлайн-оплату');
    expect(first).toHaveTextContent('Разом237.50 грн');
    expect(first).toHaveTextContent('Онлайн');
    expect(first).toHaveTextContent('Результати готові');
    expect(within(first).getByRole('link', { name: 'Результати замовлення №\u00a02600101' })).toHaveAttribute(
      'href',
      '/account/results/101',
    );
    // the results' day as the plan writes it, a date without a time of day
    expect(second).toHaveTextContent('Орієнтовна готовність результатівсереда, 14 січня');
    expect(second).not.toHaveTextContent(/14\.01\.2026 \d\d:\d\d/);
    expect(second).toHaveTextContent('Виїзд медсестри додому');
    expect(second).toHaveTextContent('вул. Січових Стрільців, 12, кв. 5, під’їзд 2, поверх 4');
    expect(second).toHaveTextContent('Приїзд 20.01.2026 близько 09:30');
    expect(second).toHaveTextContent('Коментар: Домофон не працює, телефонуйте');
    // cash for a home visit is paid to the nurse, and the order waits for her, not at a branch
    expect(second).toHaveTextContent('Медсестрі під час візиту');
    expect(second).toHaveTextContent('Очікуємо медсестру');
    expect(second).not.toHaveTextContent('у відділенні');
    expect(within(second).queryByRole('button', { name: /Чек/ })).not.toBeInTheDocument();
  });

  it('names the city of each order’s branch, so orders in two cities read apart', async () => {
    serveAccount({
      orders: [
        order(),
        order({
          id: '8f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
          number: '2600102',
          branch: { id: 9, title: 'вул. Європейська, 47', address: 'вул. Європейська, 47', city: 'Полтава' },
        }),
      ],
    });
    renderAt(<OrdersPage />);
    const [kyiv, poltava] = (await screen.findAllByTestId('order-card')) as [HTMLElement, HTMLElement];
    const place = (card: HTMLElement) => within(card).getByText('Відділення').nextElementSibling;
    expect(place(kyiv)).toHaveTextContent(/^Відділення на ХрещатикуКиїв, вул\. Хрещатик, 1$/);
    expect(place(poltava)).toHaveTextContent(/^Полтава, вул\. Європейська, 47$/);
  });

  it("asks for patients' on-site orders; a period sends its dates and is remembered in lastOrdersDate", async () => {
    const requests = serveAccount();
    renderAt(<OrdersPage />);
    await screen.findByTestId('order-card');
    expect(listRequests(requests)[0]?.params).toEqual({
      size: 10,
      page: 0,
      'customer-type': 'patient',
      'on-site': true,
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Місяць' }));
    const today = todayInKyiv();
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.params).toMatchObject({
        'date-from': addMonths(today, -1),
        'date-to': today,
      }),
    );
    expect(window.localStorage.getItem('lastOrdersDate')).toBe('"month"');
  });

  it('starts from the remembered period', async () => {
    window.localStorage.setItem('lastOrdersDate', '"week"');
    const requests = serveAccount();
    renderAt(<OrdersPage />);
    await screen.findByTestId('order-card');
    expect(screen.getByRole('radio', { name: 'Тиждень' })).toBeChecked();
    const today = todayInKyiv();
    expect(listRequests(requests)[0]?.params).toMatchObject({ 'date-from': addDays(today, -6), 'date-to': today });
  });

  it('searches and appends the next page', async () => {
    const many = Array.from({ length: 13 }, (_, index) =>
      order({ id: `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`, number: `26${index}` }),
    );
    const requests = serveAccount({ orders: many });
    renderAt(<OrdersPage />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(10);
    expect(screen.getByText('Показано 10 з 13 замовлень')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(13));
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Пошук замовлень' }), 'феритин{Enter}');
    await waitFor(() => expect(listRequests(requests).at(-1)?.params).toMatchObject({ query: 'феритин', page: 0 }));
    expect(screen.getByTestId('location')).toHaveTextContent('?query=');
  });

  it('says when there are no orders at all, and when the filters leave none', async () => {
    serveAccount({ orders: [] });
    const { unmount } = renderAt(<OrdersPage />);
    expect(await screen.findByText('Замовлень немає')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Обрати аналізи' })).toHaveAttribute('href', '/analyzes');
    unmount();
    window.localStorage.setItem('lastOrdersDate', '"today"');
    renderAt(<OrdersPage />);
    expect(await screen.findByText('За обраними умовами замовлень не знайдено')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    expect(window.localStorage.getItem('lastOrdersDate')).toBe('"all"');
  });

  it('goes from the skeleton to the list, never through the empty list while the orders arrive', async () => {
    serveAccount({ orders: [order()] });
    // every state the page shows, as the DOM has it after each change
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      if (screen.queryByText('Замовлень немає')) seen.add('empty');
      if (screen.queryAllByTestId('order-card').length) seen.add('list');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderAt(<OrdersPage />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    observer.disconnect();
    expect([...seen]).toEqual(['list']);
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    serveAccount({
      handle: (request) =>
        request.url === '/admin-app/registries/self' && fail
          ? { status: 500, data: { code: 'internal', message: 'Помилка' } }
          : undefined,
    });
    renderAt(<OrdersPage />);
    expect(await screen.findByText('Не вдалося завантажити замовлення')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
  });
});

describe('order actions', () => {
  it('downloads the receipt PDF: base64 into a Blob behind a download link', async () => {
    const pdf = '%PDF-1.4 receipt';
    const requests = serveAccount({
      handle: (request) =>
        request.url === '/finance/transactions/payment/checkbox/receipt/pay-101/pdf/base64'
          ? { status: 200, data: { fileName: 'receipt-2600101.pdf', base64: btoa(pdf) } }
          : undefined,
    });
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:receipt';
    });
    URL.revokeObjectURL = jest.fn();
    const clicks: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderAt(<OrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Чек (PDF) замовлення №\u00a02600101' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(requests.some((request) => request.url?.endsWith('/pay-101/pdf/base64'))).toBe(true);
    expect(clicks[0]?.download).toBe('receipt-2600101.pdf');
    expect(clicks[0]?.href).toBe('blob:receipt');
    expect(created[0]?.type).toBe('application/pdf');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    expect(text).toBe(pdf);
  });

  it("passes a receipt failure's status on, never the server's own text (docs/product.md#errors)", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveAccount({
      handle: (request) =>
        request.url?.includes('/receipt/')
          ? { status: 500, data: { code: 'internal', message: 'connect ECONNREFUSED 10.0.0.7:5432' } }
          : undefined,
    });
    renderAt(<OrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Чек \(PDF\)/ }));
    expect(await screen.findByText('Не вдалося завантажити чек: Помилка сервера (код 500)')).toBeInTheDocument();
    expect(screen.queryByText(/ECONNREFUSED/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('The receipt could not be downloaded', 500);
  });

  it('switches an order whose payment failed to paying at the branch, and reads the list again', async () => {
    let paymentType: 'online' | 'cash' = 'online';
    const requests = serveAccount({
      orders: () => [
        order({
          state: paymentType === 'cash' ? 'waiting-at-branch' : 'payment-failed',
          paymentType,
          receiptId: null,
          registryId: 77,
        }),
      ],
      handle: (request) => {
        if (request.url !== '/order/orders/registry/payment/method') return undefined;
        paymentType = 'cash';
        return { status: 200, data: order({ state: 'waiting-at-branch', paymentType: 'cash', registryId: 77 }) };
      },
    });
    renderAt(<OrdersPage />);
    await screen.findByRole('button', { name: 'Оплатити знову замовлення №\u00a02600101' });
    await userEvent.click(screen.getByRole('button', { name: 'Оплатити у відділенні замовлення №\u00a02600101' }));
    expect(await screen.findByText('Очікуємо у відділенні')).toBeInTheDocument();
    const change = requests.find((request) => request.url === '/order/orders/registry/payment/method');
    expect(JSON.parse(String(change?.data))).toEqual({ registryId: 77, paymentType: 'cash' });
    expect(screen.queryByRole('button', { name: /Оплатити знову/ })).not.toBeInTheDocument();
  });

  it('offers a home visit awaiting payment to be paid to the nurse instead', async () => {
    serveAccount({
      orders: [
        order({
          state: 'payment-pending',
          receiptId: null,
          homeVisit: {
            street: 'вул. Січових Стрільців',
            house: '12',
            apartment: '5',
            arrivalDate: '2026-01-20',
            arrivalTime: '09:30',
          },
        }),
      ],
    });
    renderAt(<OrdersPage />);
    expect(await screen.findByRole('button', { name: 'Оплатити медсестрі замовлення №\u00a02600101' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Оплатити замовлення №\u00a02600101' })).toBeEnabled();
  });

  it('pays an unpaid online order again on the provider page', async () => {
    const requests = serveAccount({
      orders: [order({ state: 'payment-failed', receiptId: null, registryId: 77 })],
      handle: (request) =>
        request.url === '/order/orders/registry/payment'
          ? { status: 200, data: { paymentId: 'p1', url: '/api/sandbox/pay/p1', amount: 237.5 } }
          : undefined,
    });
    renderAt(<OrdersPage />);
    expect(await screen.findByText(/Остання оплата не пройшла\. Замовлення збережено/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Оплатити знову замовлення №\u00a02600101' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/api/sandbox/pay/p1'));
    const payment = requests.find((request) => request.url === '/order/orders/registry/payment');
    expect(payment?.params).toEqual({ clientType: 'site' });
    expect(JSON.parse(String(payment?.data))).toEqual({ registryId: 77 });
  });

  it('registers an order the lab has not registered yet before paying it, as the checkout does', async () => {
    const requests = serveAccount({
      orders: [order({ state: 'payment-pending', receiptId: null, registryId: null })],
      handle: (request) => {
        if (request.url === '/order/orders/registry') return { status: 200, data: { id: 88 } };
        if (request.url === '/order/orders/registry/payment') {
          return { status: 200, data: { paymentId: 'p2', url: '/api/sandbox/pay/p2', amount: 237.5 } };
        }
        return undefined;
      },
    });
    renderAt(<OrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Оплатити замовлення №\u00a02600101' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/api/sandbox/pay/p2'));
    const registered = requests.find((request) => request.url === '/order/orders/registry');
    expect(JSON.parse(String(registered?.data))).toEqual({ orderId: order().id });
    const payment = requests.find((request) => request.url === '/order/orders/registry/payment');
    expect(JSON.parse(String(payment?.data))).toEqual({ registryId: 88 });
  });
});
