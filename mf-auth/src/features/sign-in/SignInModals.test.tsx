import { api, useCart, useSession } from '@lab/api';
import { bus, emitOrKeep } from '@lab/events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DOCTOR,
  location,
  mockApi,
  openSignIn,
  PHONE,
  phoneData,
  rejected,
  renderWithProviders,
  resetPage,
  setUpI18n,
} from '../../test/setup';
import { SignInModals } from './SignInModals';

beforeAll(() => setUpI18n('ua'));
afterEach(resetPage);

/** Another app on the page reading the session and the user's cart. */
function Header() {
  const { signedIn, guest } = useSession();
  useCart(null, 3);
  return <p>{signedIn ? 'signed in' : guest ? 'guest' : '…'}</p>;
}

const dialog = () => screen.getByRole('dialog');
const phoneInput = () => screen.getByLabelText('Номер телефону');
const codeInput = () => screen.getByLabelText('Код з SMS');

async function sendPhone(user: ReturnType<typeof userEvent.setup>) {
  await user.type(phoneInput(), '671234567');
  await user.click(screen.getByRole('button', { name: 'Отримати код' }));
  await screen.findByLabelText('Код з SMS');
}

function setup(options: { fromCheckout?: boolean } = {}) {
  const calls = mockApi();
  const user = userEvent.setup();
  renderWithProviders(<SignInModals />);
  openSignIn(options.fromCheckout);
  return { calls, user };
}

describe('stage 1: the phone', () => {
  it('opens on auth:open, also one sent before the remote loaded, with focus in the phone field', () => {
    mockApi();
    emitOrKeep('auth:open', { fromCheckout: false });
    renderWithProviders(<SignInModals />);
    expect(dialog()).toHaveAccessibleName('Вхід до особистого кабінету');
    expect(phoneInput()).toHaveFocus();
  });

  it('masks the phone as +38 (0##) ###-##-##, whatever the prefix typed or pasted', async () => {
    const { user } = setup();
    await user.type(phoneInput(), '67123');
    expect(phoneInput()).toHaveValue('+38 (067) 123');
    await user.clear(phoneInput());
    await user.type(phoneInput(), '0671234567');
    expect(phoneInput()).toHaveValue('+38 (067) 123-45-67');
    await user.clear(phoneInput());
    await user.click(phoneInput());
    await user.paste('+38 067 123 45 67 99');
    expect(phoneInput()).toHaveValue('+38 (067) 123-45-67');
    expect(phoneInput()).toHaveAttribute('type', 'tel');
  });

  it('empty gives the empty-field message, a short number phone-not-valid; editing clears it', async () => {
    const { user, calls } = setup();
    const submit = screen.getByRole('button', { name: 'Отримати код' });
    await user.click(submit);
    expect(screen.getByText('Заповніть це поле')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneInput()).toHaveAccessibleDescription(/Заповніть це поле/);
    await user.type(phoneInput(), '6712');
    expect(screen.queryByText('Заповніть це поле')).not.toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByText('Невірний формат номера телефону')).toBeInTheDocument();
    expect(calls.sendPhone).not.toHaveBeenCalled();
  });

  it("shows the server's message under the field when the phone is refused", async () => {
    const { user, calls } = setup();
    calls.sendPhone.mockRejectedValue(
      rejected(429, 'resend-too-early', 'Новий код можна отримати через 42 с', 'phone'),
    );
    await user.type(phoneInput(), '671234567');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    expect(await screen.findByText('Новий код можна отримати через 42 с')).toBeInTheDocument();
    expect(phoneInput()).toHaveAccessibleDescription(/Новий код можна отримати через 42 с/);
    expect(dialog()).toHaveAccessibleName('Вхід до особистого кабінету');
  });

  it('says when the server cannot be reached', async () => {
    const { user, calls } = setup();
    calls.sendPhone.mockRejectedValue(rejected(0, 'network', 'Network Error'));
    await user.type(phoneInput(), '671234567');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    expect(await screen.findByText('Немає з’єднання з сервером. Спробуйте ще раз.')).toBeInTheDocument();
  });

  it('from the checkout says why sign-in is needed', () => {
    setup({ fromCheckout: true });
    expect(screen.getByText(/Щоб оформити замовлення/)).toBeInTheDocument();
  });

  it('sends the phone in international form, then asks for the code with focus in its field', async () => {
    const { user, calls } = setup({ fromCheckout: true });
    await sendPhone(user);
    expect(calls.sendPhone).toHaveBeenCalledWith(PHONE);
    expect(dialog()).toHaveAccessibleName('Підтвердження номера');
    expect(screen.getByText('Ми надіслали SMS з кодом на номер', { exact: false })).toHaveTextContent(
      'Ми надіслали SMS з кодом на номер +38 (067) 123-45-67',
    );
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    // the checkout-login flag is cleared: back on the phone stage, the note is gone and the field empty
    await user.click(screen.getByRole('button', { name: 'Змінити номер' }));
    expect(phoneInput()).toHaveValue('');
    expect(phoneInput()).toHaveFocus();
    expect(screen.queryByText(/Щоб оформити замовлення/)).not.toBeInTheDocument();
  });
});

describe('stage 2: the SMS code', () => {
  it('empty gives the empty-field message, a short code the sms-invalid one', async () => {
    const { user, calls } = setup();
    await sendPhone(user);
    const confirm = screen.getByRole('button', { name: 'Підтвердити' });
    await user.click(confirm);
    expect(screen.getByText('Заповніть це поле')).toBeInTheDocument();
    await user.type(codeInput(), '12');
    expect(screen.queryByText('Заповніть це поле')).not.toBeInTheDocument();
    await user.click(confirm);
    expect(screen.getByText('Введено невірний код')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.login).not.toHaveBeenCalled();
  });

  it('takes a pasted SMS text and keeps four digits', async () => {
    const { user } = setup();
    await sendPhone(user);
    await user.click(codeInput());
    await user.paste('Код для входу: 4821. Нікому його не повідомляйте.');
    expect(codeInput()).toHaveValue('4821');
    await user.type(codeInput(), '9');
    expect(codeInput()).toHaveValue('4821');
  });

  it('a code the server rejects gives the sms-invalid message and keeps the stage', async () => {
    const { user, calls } = setup();
    calls.login.mockRejectedValue(rejected(400, 'sms-invalid', 'Невірний код', 'password'));
    await sendPhone(user);
    await user.type(codeInput(), '0000');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByText('Введено невірний код')).toBeInTheDocument();
    expect(calls.login).toHaveBeenCalledWith(PHONE, '0000');
    expect(dialog()).toHaveAccessibleName('Підтвердження номера');
  });

  it('other server errors show their message, cleared after 3 seconds', async () => {
    jest.useFakeTimers();
    try {
      const calls = mockApi();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithProviders(<SignInModals />);
      openSignIn();
      calls.login.mockRejectedValue(
        rejected(429, 'code-attempts-exceeded', 'Забагато спроб. Отримайте новий код.', 'password'),
      );
      await sendPhone(user);
      await user.type(codeInput(), '1111');
      await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
      expect(await screen.findByText('Забагато спроб. Отримайте новий код.')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2900));
      expect(screen.getByText('Забагато спроб. Отримайте новий код.')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByText('Забагато спроб. Отримайте новий код.')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts down from timeToNextSend in whole seconds, then resends and restarts', async () => {
    jest.useFakeTimers();
    try {
      const calls = mockApi();
      calls.sendPhone.mockResolvedValueOnce(phoneData({ timeToNextSend: 2_500 }));
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithProviders(<SignInModals />);
      openSignIn();
      await sendPhone(user);
      expect(screen.getByText('Надіслати код повторно можна через 3 с')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Надіслати код ще раз' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(500));
      expect(screen.getByText('Надіслати код повторно можна через 2 с')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText('Надіслати код повторно можна через 1 с')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      const resend = screen.getByRole('button', { name: 'Надіслати код ще раз' });

      calls.sendPhone.mockResolvedValueOnce(phoneData({ id: 'request-2', timeToNextSend: 60_000 }));
      await user.type(codeInput(), '12');
      await user.click(resend);
      expect(await screen.findByText('Надіслати код повторно можна через 60 с')).toBeInTheDocument();
      expect(calls.sendPhone).toHaveBeenLastCalledWith(PHONE);
      expect(calls.sendPhone).toHaveBeenCalledTimes(2);
      expect(codeInput()).toHaveValue('');
      expect(codeInput()).toHaveFocus();
      expect(screen.getByText('Новий код надіслано')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText('Надіслати код повторно можна через 59 с')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("a failed resend shows the server's message for 3 seconds", async () => {
    jest.useFakeTimers();
    try {
      const calls = mockApi();
      calls.sendPhone.mockResolvedValueOnce(phoneData({ timeToNextSend: 0 }));
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithProviders(<SignInModals />);
      openSignIn();
      await sendPhone(user);
      calls.sendPhone.mockRejectedValueOnce(rejected(429, 'auth-rate-limited', 'Забагато запитів. Спробуйте пізніше.'));
      await user.click(screen.getByRole('button', { name: 'Надіслати код ще раз' }));
      expect(await screen.findByText('Забагато запитів. Спробуйте пізніше.')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3000));
      expect(screen.queryByText('Забагато запитів. Спробуйте пізніше.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Надіслати код ще раз' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a login code signs in: the guest cart merges, the session is announced once, the modal closes', async () => {
    window.localStorage.setItem('cartId', JSON.stringify('guest-cart'));
    window.localStorage.setItem('cityId', '3');
    const changed = jest.fn();
    bus.on('session:changed', changed);
    const { user, calls } = setup();
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.login).toHaveBeenCalledWith(PHONE, '4821');
    expect(calls.approve).not.toHaveBeenCalled();
    expect(calls.merge).toHaveBeenCalledWith('guest-cart', 3);
    expect(window.localStorage.getItem('cartId')).toBeNull();
    expect(calls.doctorSelf).toHaveBeenCalled();
    expect(window.localStorage.getItem('doctor')).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith({ signedIn: true });
    expect(location).toBe('/');
  });

  it('reloads the session and cart everywhere on the page after sign-in', async () => {
    window.localStorage.setItem('cityId', '3');
    const info = jest.spyOn(api.auth, 'info').mockResolvedValue({ canLogin: true });
    const cart = jest.spyOn(api.cart, 'get').mockResolvedValue({
      id: 'user-cart',
      items: [],
      additionalItems: [],
      totalPrice: 0,
      originalTotalPrice: 0,
      promo: null,
    });
    const calls = mockApi();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Header />
        <SignInModals />
      </>,
    );
    expect(await screen.findByText('guest')).toBeInTheDocument();
    const cartReads = cart.mock.calls.length;
    openSignIn();
    await sendPhone(user);
    info.mockResolvedValue({ canLogin: false });
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    expect(cart.mock.calls.length).toBeGreaterThan(cartReads);
    expect(calls.login).toHaveBeenCalled();
  });

  it('a doctor is marked as one and sent to their patients', async () => {
    const { user, calls } = setup();
    calls.sendPhone.mockResolvedValue(phoneData({ source: 'doctor' }));
    calls.doctorSelf.mockResolvedValue(DOCTOR);
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.login).toHaveBeenCalledWith(PHONE, '4821');
    expect(calls.merge).not.toHaveBeenCalled(); // no guest cart was stored
    expect(window.localStorage.getItem('doctor')).toBe('true');
    expect(window.localStorage.getItem('doctorType')).toBe('true');
    expect(location).toBe('/account/patients');
  });

  it('a doctor who already chose a role stays where they are', async () => {
    window.localStorage.setItem('doctor', 'false');
    const { user, calls } = setup();
    calls.doctorSelf.mockResolvedValue(DOCTOR);
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('doctor')).toBe('false');
    expect(location).toBe('/');
  });

  it('a failed cart merge still signs in and clears the guest cart', async () => {
    window.localStorage.setItem('cartId', JSON.stringify('guest-cart'));
    window.localStorage.setItem('cityId', '1');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, calls } = setup();
    calls.merge.mockRejectedValue(rejected(404, 'cart-not-found', 'Кошик не знайдено'));
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('cartId')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('a new patient’s code approves the registration, and the form follows with focus in its first field', async () => {
    const { user, calls } = setup();
    calls.sendPhone.mockResolvedValue(phoneData({ type: 'registration', id: 'registration-1' }));
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByRole('dialog', { name: 'Реєстрація' })).toBeInTheDocument();
    expect(calls.approve).toHaveBeenCalledWith('registration-1', '4821');
    expect(calls.login).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Прізвище')).toHaveFocus();
  });
});

describe('closing', () => {
  it('returns to stage 0 from any stage and forgets what was typed; focus goes back to the opener', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    calls.sendPhone.mockResolvedValue(phoneData({ type: 'registration' }));
    renderWithProviders(
      <>
        <button type="button" onClick={() => emitOrKeep('auth:open', { fromCheckout: false })}>
          Увійти
        </button>
        <SignInModals />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Увійти' });
    await user.click(opener);
    await user.type(phoneInput(), '67123');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(phoneInput()).toHaveValue('');
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await screen.findByRole('dialog', { name: 'Реєстрація' });
    await user.type(screen.getByLabelText('Прізвище'), 'Шевченко');
    await user.click(within(dialog()).getByRole('button', { name: 'Закрити' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    expect(dialog()).toHaveAccessibleName('Вхід до особистого кабінету');
    expect(phoneInput()).toHaveValue('');
  });
});

describe('stages 3 and 4: registration and success', () => {
  async function registerThrough(fromCheckout: boolean) {
    const { user, calls } = setup({ fromCheckout });
    calls.sendPhone.mockResolvedValue(phoneData({ type: 'registration', id: 'registration-1' }));
    const changed = jest.fn();
    bus.on('session:changed', changed);
    await sendPhone(user);
    await user.type(codeInput(), '4821');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    await screen.findByRole('dialog', { name: 'Реєстрація' });
    await user.type(screen.getByLabelText('Прізвище'), 'Шевченко');
    await user.type(screen.getByLabelText('Ім’я'), 'Олена');
    await user.type(screen.getByLabelText('По батькові'), 'Петрівна');
    await user.type(screen.getByLabelText('Дата народження'), '15.05.1990');
    await user.click(await screen.findByRole('radio', { name: 'Жіноча' }));
    await user.click(screen.getByRole('checkbox', { name: /^Я погоджуюся на обробку моїх персональних даних/ }));
    await user.click(screen.getByRole('button', { name: 'Зареєструватися' }));
    await screen.findByRole('dialog', { name: 'Реєстрацію завершено' });
    expect(calls.register).toHaveBeenCalledWith('registration-1', expect.objectContaining({ birthDay: '1990-05-15' }));
    expect(calls.login).toHaveBeenCalledWith(PHONE, 'one-time-login-token');
    expect(changed).toHaveBeenCalledTimes(1);
    return user;
  }

  it('after registering from the site, the success button reads the registration-accept text and closes', async () => {
    const user = await registerThrough(false);
    const accept = screen.getByRole('button', { name: 'Почати користуватися' });
    expect(accept).toHaveFocus();
    await user.click(accept);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after registering from the checkout, it reads the checkout-accept text', async () => {
    await registerThrough(true);
    expect(screen.getByRole('button', { name: 'Продовжити оформлення' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Почати користуватися' })).not.toBeInTheDocument();
  });
});
