import { type OrderCreateBody, setStored, useSession } from '@lab/api';
import { takePending } from '@lab/events';
import { addDays, isoToDisplay, todayInKyiv } from '@lab/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser';
import { BRANCH, bodyOf, CITY, cartOf, line, OWNER_ID, serve, unavailableLine, WARD } from '../../test/server';
import { location, renderAt, resetBrowserState, setUpI18n } from '../../test/setup';
import { CheckoutPage } from './CheckoutPage';

beforeAll(setUpI18n);
let assign: jest.SpyInstance;
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const ferritin = line(3, { title: 'Феритин', code: '2002', price: 220.4, initialPrice: 232, originalPrice: 290 });
const draw = line(1, { title: 'Взяття крові', code: '1001', price: 57, initialPrice: 60, originalPrice: 60 });

/** The header's sign-in, as mf-auth would do it: the session hook reads the session again. */
function SignedInLater() {
  const { refresh } = useSession();
  return (
    <button type="button" onClick={() => void refresh()}>
      signed in elsewhere
    </button>
  );
}

const placeButton = () => screen.getByRole('button', { name: /^Оформити/ });
const summary = () => screen.getByRole('complementary', { name: 'Ваше замовлення' });
const typedDate = (iso: string) => isoToDisplay(iso).replaceAll('.', '');

async function renderSignedIn(extra: Parameters<typeof serve>[0] = {}) {
  const server = serve({ signedIn: true, cart: cartOf([ferritin], [draw]), ...extra });
  const user = userEvent.setup();
  renderAt(<CheckoutPage />, '/checkout');
  await screen.findByRole('radio', { name: /Для мене/ });
  await waitFor(() => expect(screen.getByRole('radio', { name: /Для мене/ })).toBeChecked());
  return { ...server, user };
}

async function acceptConsents(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /публічного договору/ }));
  await user.click(screen.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }));
}

async function chooseBranch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Відділення' }));
  await user.click(await screen.findByRole('option', { name: `${BRANCH.title}, ${BRANCH.address}` }));
}

describe('checkout: the branch picker', () => {
  const WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '07:30', closesAt: '19:00' }));
  const far = { ...BRANCH, id: 6, title: 'просп. Берестейський, 10', address: 'просп. Берестейський, 10' };
  const near = {
    ...BRANCH,
    id: 7,
    title: 'вул. Драгоманова, 5',
    address: 'вул. Драгоманова, 5',
    lat: 50.4122,
    lon: 30.6386,
    schedule: WEEK,
    status: 'closing-soon' as const,
    services: { ...BRANCH.services, ramp: true, everyDay: true },
  };

  function grantPosition(point: { lat: number; lon: number } | null) {
    const getCurrentPosition = jest.fn((resolve: PositionCallback) =>
      resolve({ coords: { latitude: point?.lat ?? 0, longitude: point?.lon ?? 0 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: async () => ({ state: point ? 'granted' : 'prompt' }) },
    });
    return getCurrentPosition;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('lists each branch with its status, today’s hours and services, the nearest first when the position is known', async () => {
    grantPosition({ lat: 50.41, lon: 30.63 });
    const { user } = await renderSignedIn({ branches: [far, near] });
    await screen.findByText('Спершу найближчі до вас відділення.');
    await user.click(screen.getByRole('combobox', { name: 'Відділення' }));
    const options = await screen.findAllByRole('option');
    // an option reads its address first, then its status, hours and services
    expect(
      options.map((option) => [near.title, far.title].find((title) => option.textContent?.startsWith(title))),
    ).toEqual([near.title, far.title]);
    const description = document.getElementById(options[0]?.getAttribute('aria-describedby') ?? '');
    expect(description).toHaveTextContent(/^Скоро зачиняється · сьогодні 07:30–19:00 · 0,\d км від вас/);
    expect(description).toHaveTextContent('Оплата карткою · Пандус · Щодня');
    await user.click(options[0] as HTMLElement);
    const chosen = screen.getByTestId('chosen-branch');
    expect(chosen).toHaveTextContent('Скоро зачиняється');
    expect(chosen).toHaveTextContent('Пн–Нд07:30–19:00');
    expect(within(chosen).getByRole('list', { name: 'Послуги відділення' })).toHaveTextContent('Пандус');
    // the chosen branch's address names its city, as the order and its confirmation will
    expect(chosen).toHaveTextContent(`Київ, ${near.address}`);
    // a long walk through the form: room for a loaded machine
  }, 15_000);

  it('never asks for the position itself: without the permission the server’s order stays', async () => {
    const getCurrentPosition = grantPosition(null);
    const { user } = await renderSignedIn({ branches: [far, near] });
    await user.click(await screen.findByRole('combobox', { name: 'Відділення' }));
    const options = await screen.findAllByRole('option');
    expect(
      options.map((option) => [near.title, far.title].find((title) => option.textContent?.startsWith(title))),
    ).toEqual([far.title, near.title]);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.queryByText('Спершу найближчі до вас відділення.')).not.toBeInTheDocument();
  });
});

describe('checkout: who may check out', () => {
  it('asks a guest to sign in (from checkout) and shows the form once signed in', async () => {
    const { state } = serve({ cart: cartOf([ferritin]) });
    const user = userEvent.setup();
    renderAt(
      <>
        <CheckoutPage />
        <SignedInLater />
      </>,
      '/checkout',
    );
    expect(await screen.findByText('Увійдіть, щоб оформити замовлення')).toBeInTheDocument();
    // the sign-in modals are asked to open, flagged from checkout (kept until mf-auth listens)
    expect(takePending('auth:open')).toEqual({ fromCheckout: true });
    state.signedIn = true;
    await user.click(screen.getByRole('button', { name: 'signed in elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Для кого замовлення' })).toBeInTheDocument();
    expect(location()).toBe('/checkout');
  });

  it('the sign-in button asks again', async () => {
    serve({ cart: cartOf([ferritin]) });
    const user = userEvent.setup();
    renderAt(<CheckoutPage />, '/checkout');
    await screen.findByText('Увійдіть, щоб оформити замовлення');
    takePending('auth:open');
    await user.click(screen.getByRole('button', { name: 'Увійти' }));
    expect(takePending('auth:open')).toEqual({ fromCheckout: true });
  });

  it('an empty cart shows the way to the catalogue; a doctor cannot order', async () => {
    serve({ signedIn: true, cart: cartOf([]) });
    const view = renderAt(<CheckoutPage />, '/checkout');
    expect(await screen.findByText(/Кошик порожній/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Знайти аналіз' })).toHaveAttribute('href', '/analyzes');
    view.unmount();
    setStored('doctor', true);
    renderAt(<CheckoutPage />, '/checkout');
    expect(await screen.findByText(/Оформлення замовлень доступне в ролі пацієнта/)).toBeInTheDocument();
  });
});

describe('checkout form', () => {
  it('offers the patient and their wards; the consents are required and their errors clear when checked', async () => {
    const { user, requests } = await renderSignedIn();
    expect(screen.getByRole('radio', { name: /Коваленко Марко Іванович/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: /публічного договору/ })).toHaveAttribute('href', '/public-contract');
    expect(screen.getByRole('link', { name: /згоду на обробку персональних даних/ })).toHaveAttribute(
      'href',
      '/personal-data-consent',
    );
    await user.click(placeButton());
    expect(await screen.findByText(/Перевірте форму: є поля з помилками \(3\)/)).toBeInTheDocument();
    // the first invalid field gets focus: the branch
    expect(screen.getByRole('combobox', { name: 'Відділення' })).toHaveFocus();
    const contract = screen.getByRole('checkbox', { name: /публічного договору/ });
    expect(contract).toHaveAttribute('aria-invalid', 'true');
    expect(contract).toHaveAccessibleDescription('Без цієї згоди оформити замовлення неможливо');
    await user.click(contract);
    expect(contract).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Без цієї згоди оформити замовлення неможливо')).toHaveLength(1);
    expect(requests.filter((request) => request.url === '/order/orders')).toHaveLength(0);
  });

  it('goes from the skeleton to the form, never through an empty cart or a sign-in while the answers arrive', async () => {
    // every state the page shows, as the DOM has it after each change
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      if (screen.queryByText(/Кошик порожній/)) seen.add('empty cart');
      if (screen.queryByRole('button', { name: /Увійти/ })) seen.add('sign in');
      if (screen.queryByRole('radio', { name: /Для мене/ })) seen.add('form');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await renderSignedIn();
    observer.disconnect();
    expect([...seen]).toEqual(['form']);
  });

  it('shows the total like the order: the online discount only when paying online', async () => {
    const { user } = await renderSignedIn();
    expect(screen.getByRole('radio', { name: /Онлайн карткою/ })).toBeChecked();
    // every id on the page is unique (a heading once took a radio's id and left it without a name)
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    await waitFor(() => expect(summary()).toHaveTextContent('Знижка за онлайн-оплату, 5 %−14.60 грн'));
    expect(summary()).toHaveTextContent('Вартість без знижок350 грн');
    expect(summary()).toHaveTextContent('Акційні знижки−58 грн');
    expect(summary()).toHaveTextContent('До сплати277.40 грн');
    await user.click(screen.getByRole('radio', { name: /У відділенні.*Готівкою/ }));
    expect(summary()).not.toHaveTextContent('Знижка за онлайн-оплату,');
    expect(summary()).toHaveTextContent('До сплати292 грн');
    // the higher total is said next to it, and announced
    expect(within(summary()).getByRole('status')).toHaveTextContent(
      'Під час оплати на місці знижка за онлайн-оплату не діє: до сплати 292 грн замість 277.40 грн онлайн.',
    );
    expect(placeButton()).toHaveTextContent('Оформити замовлення');
    await user.click(screen.getByRole('radio', { name: /Онлайн карткою/ }));
    expect(within(summary()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('places an order for a ward at a branch, paying at the branch', async () => {
    const { user, requests } = await renderSignedIn();
    await user.click(screen.getByRole('radio', { name: /Коваленко Марко Іванович/ }));
    await chooseBranch(user);
    await user.click(screen.getByRole('radio', { name: /У відділенні.*Готівкою/ }));
    await acceptConsents(user);
    await user.click(placeButton());
    await waitFor(() => expect(location()).toMatch(/^\/checkout\/result\?orderId=/));
    const sent = bodyOf(requests.find((request) => request.url === '/order/orders') as never) as OrderCreateBody;
    expect(sent).toMatchObject({
      settlementId: CITY,
      patientId: WARD.id,
      visit: 'branch',
      branchId: BRANCH.id,
      homeVisit: null,
      paymentType: 'cash',
      doctor: null,
      acceptContract: true,
      acceptPersonalData: true,
    });
  });

  it('home visit: required fields, invalid characters, the arrival date range and the free hours', async () => {
    const { user, state, requests } = await renderSignedIn();
    await user.click(screen.getByRole('radio', { name: /Виклик медсестри додому/ }));
    // the visit's cost, known from the server, is added to the total
    await waitFor(() => expect(summary()).toHaveTextContent('Виїзд медсестри+350 грн'));
    expect(summary()).toHaveTextContent('До сплати627.40 грн');
    await acceptConsents(user);
    await user.click(placeButton());
    const street = screen.getByLabelText(/^Вулиця/);
    expect(street).toHaveFocus();
    expect(street).toHaveAccessibleDescription('Заповніть це поле');
    expect(screen.getByLabelText(/^Будинок/)).toHaveAccessibleDescription('Заповніть це поле');
    expect(screen.getByLabelText('Бажана дата візиту')).toHaveAttribute('aria-invalid', 'true');

    await user.type(street, 'Хрещатик <б>');
    expect(street).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText(/^Будинок/), '1');
    await user.click(placeButton());
    expect(street).toHaveAccessibleDescription('Поле містить недопустимі символи');
    await user.clear(street);
    await user.type(street, 'вул. Хрещатик');
    expect(street).not.toHaveAttribute('aria-invalid');

    // a day after the booking window: the invalid-date message (docs/product.md#validation) at once
    const today = todayInKyiv();
    const date = screen.getByLabelText('Бажана дата візиту');
    await user.type(date, typedDate(addDays(today, 31)));
    expect(
      await screen.findByText('Невірна дата візиту: оберіть день від сьогодні до 30 днів наперед'),
    ).toBeInTheDocument();
    // a day when every time is taken: no hours available
    state.slots = [
      { time: '09:00', available: 0 },
      { time: '10:00', available: 0 },
    ];
    await user.clear(date);
    expect(screen.queryByText(/Невірна дата візиту/)).not.toBeInTheDocument();
    await user.type(date, typedDate(addDays(today, 2)));
    expect(await screen.findByText('На цю дату немає вільних годин. Оберіть іншу дату.')).toHaveAttribute(
      'role',
      'alert',
    );

    // another day with free times
    state.slots = [
      { time: '09:00', available: 0 },
      { time: '11:00', available: 2 },
    ];
    await user.clear(date);
    await user.type(date, typedDate(addDays(today, 3)));
    const times = await screen.findByRole('group', { name: 'Орієнтовний час прибуття' });
    expect(within(times).getByRole('radio', { name: '09:00' })).toBeDisabled();
    await user.click(placeButton());
    expect(await screen.findByText('Оберіть орієнтовний час прибуття')).toBeInTheDocument();
    await user.click(within(times).getByRole('radio', { name: '11:00' }));
    expect(screen.queryByText('Оберіть орієнтовний час прибуття')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Квартира/), '15');
    await user.click(placeButton());
    const sent = await waitFor(() => {
      const request = requests.find((candidate) => candidate.url === '/order/orders');
      if (!request) throw new Error('not sent yet');
      return bodyOf(request) as OrderCreateBody;
    });
    expect(sent).toMatchObject({
      patientId: OWNER_ID,
      visit: 'home',
      branchId: null,
      homeVisit: {
        street: 'вул. Хрещатик',
        house: '1',
        apartment: '15',
        entrance: null,
        floor: null,
        arrivalDate: addDays(today, 3),
        arrivalTime: '11:00',
        comment: null,
      },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/sandbox/pay/pay-1'));
    expect(
      requests.some(
        (request) =>
          request.url === '/order/home-visit/slots' && (request.params as { date?: string }).date === addDays(today, 3),
      ),
    ).toBe(true);
  });

  it('the server’s 400 for a doctor code shows «Невірний код лікаря» on the field, which gets focus', async () => {
    const { user } = await renderSignedIn({
      createOrder: () => ({
        status: 400,
        data: { code: 'doctor-code-invalid', message: 'Невірний код лікаря', field: 'doctor' },
      }),
    });
    await chooseBranch(user);
    await user.click(screen.getByRole('radio', { name: 'За кодом лікаря' }));
    await user.type(screen.getByLabelText(/^Код лікаря/), 'NOBODY-1');
    await acceptConsents(user);
    await user.click(placeButton());
    const code = screen.getByLabelText(/^Код лікаря/);
    await waitFor(() => expect(code).toHaveAccessibleDescription('Невірний код лікаря'));
    expect(code).toHaveFocus();
    await user.type(code, 'X');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('a failed call shows the checkout error with the server message, and the button works again', async () => {
    const { user } = await renderSignedIn({
      createOrder: () => ({ status: 409, data: { code: 'order-in-progress', message: 'Замовлення вже обробляється' } }),
    });
    await chooseBranch(user);
    await acceptConsents(user);
    await user.click(placeButton());
    expect(await screen.findByText('Не вдалося оформити замовлення. Замовлення вже обробляється')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(placeButton()).not.toHaveAttribute('aria-disabled');
  });

  it('adds a ward through the patient API and chooses them', async () => {
    const { user, requests } = await renderSignedIn();
    await user.click(screen.getByRole('button', { name: '+ Додати підопічного' }));
    const dialog = screen.getByRole('dialog', { name: 'Новий підопічний' });
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    expect(within(dialog).getByLabelText(/^Прізвище/)).toHaveFocus();
    expect(within(dialog).getByText('Оберіть стать')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Прізвище/), 'Коваленко');
    await user.type(within(dialog).getByLabelText(/^Ім’я/), 'Софія');
    await user.type(within(dialog).getByLabelText('Дата народження'), '01022018');
    await user.click(within(dialog).getByRole('radio', { name: 'Жіноча' }));
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    expect(await screen.findByText('Підопічного Коваленко Софія додано та вибрано')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // focus is back on the button that opened the dialog
    expect(screen.getByRole('button', { name: '+ Додати підопічного' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Коваленко Софія/ })).toBeChecked());
    const created = requests.find(
      (request) => request.url === '/patient/patients/self/wards' && request.method === 'post',
    );
    expect(bodyOf(created as never)).toEqual({
      lastName: 'Коваленко',
      firstName: 'Софія',
      middleName: null,
      birthDay: '2018-02-01',
      genderId: 2,
    });
  });
});

describe('checkout with analyses not available in the chosen city', () => {
  const psa = unavailableLine(4, { title: 'ПСА загальний', code: '2003' });
  const notice = () => screen.getByRole('region', { name: 'Деякі аналізи не можна замовити в місті Київ' });
  const blocked = 'Щоб оформити замовлення, видаліть недоступні аналізи з кошика або оберіть інше місто.';

  it('names them, blocks the order with an explanation, and orders once they are removed, keeping the form', async () => {
    const { user, calls } = await renderSignedIn({ cart: cartOf([ferritin], [draw], { unavailableItems: [psa] }) });
    await waitFor(() => expect(notice()).toHaveTextContent('ПСА загальний'));
    expect(notice()).toHaveTextContent('Недоступний у цьому місті');
    expect(notice()).toHaveTextContent('Видаліть їх із кошика або оберіть інше місто в шапці сайту.');
    expect(screen.getByText(blocked)).toHaveAttribute('role', 'alert');
    // the order's summary holds the available lines only
    expect(summary()).not.toHaveTextContent('ПСА загальний');

    await chooseBranch(user);
    await acceptConsents(user);
    await user.click(placeButton());
    expect(calls('POST /order/orders')).toHaveLength(0);
    expect(within(notice()).getByRole('heading')).toHaveFocus();

    await user.click(within(notice()).getByRole('button', { name: 'Видалити з кошика: ПСА загальний' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Деякі аналізи/ })).not.toBeInTheDocument());
    expect(screen.queryByText(blocked)).not.toBeInTheDocument();
    // what was chosen is still there
    expect(screen.getByRole('checkbox', { name: /публічного договору/ })).toBeChecked();
    await user.click(placeButton());
    await waitFor(() => expect(calls('POST /order/orders')).toHaveLength(1));
    // the branch chosen before the deletion went with the order
    expect(bodyOf(calls('POST /order/orders')[0] as never)).toMatchObject({ branchId: BRANCH.id, settlementId: CITY });
  });

  it('after the server’s 400 service-not-available, reads the cart again and says which analyses to remove', async () => {
    const server = await renderSignedIn();
    const { user, state } = server;
    state.createOrder = () => {
      // meanwhile the line stopped being offered here: the cart now answers it apart
      state.cart = cartOf([ferritin], [draw], { unavailableItems: [psa] });
      return {
        status: 400,
        data: {
          code: 'service-not-available',
          message: 'Деякі аналізи недоступні в обраному місті',
          field: 'settlementId',
        },
      };
    };
    await chooseBranch(user);
    await acceptConsents(user);
    await user.click(screen.getByRole('radio', { name: 'За ПІБ лікаря' }));
    await user.type(screen.getByRole('textbox', { name: /по батькові лікаря/ }), 'Іваненко Петро Іванович');
    await user.click(placeButton());
    const heading = await screen.findByRole('heading', { name: 'Деякі аналізи не можна замовити в місті Київ' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(notice()).toHaveTextContent('ПСА загальний');
    expect(screen.getByText(blocked)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('checkbox', { name: /публічного договору/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /згоду на обробку персональних даних/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /по батькові лікаря/ })).toHaveValue('Іваненко Петро Іванович');
  });

  it('a city change reloads the cart: the form stays with what was typed and names what the new city lacks', async () => {
    const { user, state } = await renderSignedIn();
    await user.click(screen.getByRole('radio', { name: 'За ПІБ лікаря' }));
    await user.type(screen.getByRole('textbox', { name: /по батькові лікаря/ }), 'Іваненко Петро Іванович');
    state.cart = cartOf([ferritin], [draw], { unavailableItems: [psa] });
    act(() => setStored('cityId', CITY + 1));
    // the fake API knows no title for that city: the texts say "the chosen city"
    expect(
      await screen.findByRole('region', { name: 'Деякі аналізи не можна замовити в обраному місті' }),
    ).toHaveTextContent('ПСА загальний');
    expect(screen.getByRole('textbox', { name: /по батькові лікаря/ })).toHaveValue('Іваненко Петро Іванович');
  });

  it('keeps the server’s message when the cart read again shows nothing unavailable', async () => {
    const { user } = await renderSignedIn({
      createOrder: () => ({
        status: 400,
        data: { code: 'service-not-available', message: 'Деякі аналізи недоступні в обраному місті' },
      }),
    });
    await chooseBranch(user);
    await acceptConsents(user);
    await user.click(placeButton());
    expect(
      await screen.findByText('Не вдалося оформити замовлення. Деякі аналізи недоступні в обраному місті'),
    ).toHaveAttribute('role', 'alert');
  });
});
