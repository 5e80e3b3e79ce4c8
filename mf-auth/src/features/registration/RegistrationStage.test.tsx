import { addYears, todayInKyiv } from '@lab/ui';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { GENDERS, mockApi, PHONE, rejected, renderWithProviders, resetPage, setUpI18n } from '../../test/setup';
import { RegistrationStage } from './RegistrationStage';

afterEach(resetPage);

function renderForm(before?: (calls: ReturnType<typeof mockApi>) => void) {
  const calls = mockApi();
  before?.(calls);
  const onRegistered = jest.fn();
  const focusRef = createRef<HTMLElement>();
  renderWithProviders(
    <RegistrationStage phone={PHONE} registrationId="registration-1" focusRef={focusRef} onRegistered={onRegistered} />,
  );
  return { calls, onRegistered, focusRef };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: /Зареєструватися|Зарегистрироваться/ });
const display = (iso: string) => iso.split('-').reverse().join('.');

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Прізвище'), ' Шевченко ');
  await user.type(field('Ім’я'), 'Олена');
  await user.type(field('По батькові'), 'Петрівна');
  await user.type(field('Дата народження'), '15051990');
  await user.click(await screen.findByRole('radio', { name: 'Жіноча' }));
  await user.click(screen.getByRole('checkbox', { name: /^Я погоджуюся на обробку моїх персональних даних/ }));
}

describe('in Ukrainian', () => {
  beforeAll(() => setUpI18n('ua'));

  it('gives the first field to the modal, and lists only enabled genders', async () => {
    const { focusRef } = renderForm();
    expect(focusRef.current).toBe(field('Прізвище'));
    expect(await screen.findByRole('radio', { name: 'Чоловіча' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Стать' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Вимкнена' })).not.toBeInTheDocument();
  });

  it('shows every required message, focuses the first, and each clears when its field is edited', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await screen.findByRole('radio', { name: 'Чоловіча' });
    await user.click(submit());
    expect(screen.getAllByText('Заповніть це поле')).toHaveLength(4); // three names and the date
    expect(screen.getByText('Оберіть один із варіантів')).toBeInTheDocument();
    expect(screen.getByText('Це поле є обов’язковим')).toBeInTheDocument();
    expect(field('Прізвище')).toHaveFocus();
    expect(field('Прізвище')).toHaveAccessibleDescription('Заповніть це поле');
    expect(calls.register).not.toHaveBeenCalled();

    await user.type(field('Прізвище'), 'Ш');
    expect(screen.getAllByText('Заповніть це поле')).toHaveLength(3);
    await user.click(screen.getByRole('radio', { name: 'Чоловіча' }));
    expect(screen.queryByText('Оберіть один із варіантів')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Я погоджуюся на обробку моїх персональних даних/ }));
    expect(screen.queryByText('Це поле є обов’язковим')).not.toBeInTheDocument();
  });

  it('links the consent to its text, opened in a new tab so the form stays as typed', async () => {
    renderForm();
    const link = await screen.findByRole('link', {
      name: 'обробку моїх персональних даних (відкриється в новій вкладці)',
    });
    expect(link).toHaveAttribute('href', '/personal-data-consent');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('refuses names of digits only and names with digits', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('Прізвище'), '12345');
    await user.type(field('Ім’я'), 'Олена2');
    await user.click(submit());
    expect(field('Прізвище')).toHaveAccessibleDescription('Поле не може складатися лише з цифр');
    expect(field('Ім’я')).toHaveAccessibleDescription('Поле не повинно містити цифр');
  });

  it('masks the birth date as DD.MM.YYYY and explains an impossible, too early, future or under-18 date', async () => {
    const user = userEvent.setup();
    renderForm();
    const date = field('Дата народження');
    await user.type(date, '3102');
    expect(date).toHaveValue('31.02');
    await user.type(date, '1990');
    expect(date).toHaveValue('31.02.1990');
    expect(screen.getByRole('alert')).toHaveTextContent('Некоректна дата');

    await user.clear(date);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(date, '01011900');
    expect(screen.getByRole('alert')).toHaveTextContent('Некоректна дата');

    const tomorrow = addYears(todayInKyiv(), 1);
    await user.clear(date);
    await user.type(date, display(tomorrow).replace(/\./g, ''));
    expect(screen.getByRole('alert')).toHaveTextContent('Некоректна дата');

    const tenYearsAgo = addYears(todayInKyiv(), -10);
    await user.clear(date);
    await user.type(date, display(tenYearsAgo).replace(/\./g, ''));
    expect(screen.getByRole('alert')).toHaveTextContent('Зареєструватися можна з 18 років');

    // an unfinished date is invalid once the field is left
    await user.clear(date);
    await user.type(date, '1505');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Некоректна дата');
  });

  it('the calendar offers no day later than 18 years ago', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Вибрати дату в календарі' }));
    const calendar = await screen.findByRole('dialog', { name: 'Календар' });
    const limit = addYears(todayInKyiv(), -18);
    // the calendar opens on the latest allowed month; the day after the limit, if shown, is disabled
    const cells = calendar.querySelectorAll<HTMLElement>('[data-date]');
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const day = cell.dataset.date ?? '';
      if (day > limit) expect(cell).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('registers with names keyed uk, the date as YYYY-MM-DD and the gender id; the code logs in at once', async () => {
    window.localStorage.setItem('cartId', JSON.stringify('guest-cart'));
    window.localStorage.setItem('cityId', '2');
    const user = userEvent.setup();
    const { calls, onRegistered } = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(calls.register).toHaveBeenCalledWith('registration-1', {
      lastName: { uk: 'Шевченко' },
      firstName: { uk: 'Олена' },
      middleName: { uk: 'Петрівна' },
      birthDay: '1990-05-15',
      genderId: GENDERS[1]?.id,
    });
    expect(calls.login).toHaveBeenCalledWith(PHONE, 'one-time-login-token');
    expect(calls.merge).toHaveBeenCalledWith('guest-cart', 2);
    expect(window.localStorage.getItem('cartId')).toBeNull();
  });

  it('marks every required field before anything is submitted, and says what the mark means', async () => {
    renderForm();
    await screen.findByRole('radio', { name: 'Чоловіча' });
    expect(screen.getByText('Поля, позначені *, обов’язкові.')).toBeInTheDocument();
    for (const name of ['Прізвище', 'Ім’я', 'По батькові', 'Дата народження']) {
      expect(field(name)).toBeRequired();
      // the label carries the mark (its asterisk is drawn by the label's style)
      const label = `label[for="${field(name).id}"]`;
      expect(document.querySelector(`${label}[class*="required"], ${label} [class*="required"]`)).not.toBeNull();
    }
    expect(screen.getByRole('radio', { name: 'Жіноча' })).toBeRequired();
    expect(screen.getByRole('checkbox', { name: /^Я погоджуюся/ })).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Немає по батькові' })).not.toBeRequired();
    expect(screen.queryByText('Заповніть це поле')).not.toBeInTheDocument();
  });

  it('registers someone who has no patronymic: they say so, and none is asked or sent', async () => {
    const user = userEvent.setup();
    const { calls, onRegistered } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'Немає по батькові' }));
    expect(field('По батькові')).toBeDisabled();
    expect(field('По батькові')).toHaveValue('');
    expect(field('По батькові')).not.toBeRequired();
    await user.click(submit());
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(calls.register).toHaveBeenCalledWith('registration-1', {
      lastName: { uk: 'Шевченко' },
      firstName: { uk: 'Олена' },
      birthDay: '1990-05-15',
      genderId: GENDERS[1]?.id,
    });
  });

  it('still asks for the patronymic of someone who has not said they have none', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await fillValid(user);
    await user.clear(field('По батькові'));
    await user.click(submit());
    expect(field('По батькові')).toHaveAccessibleDescription('Заповніть це поле');
    expect(field('По батькові')).toHaveFocus();
    expect(calls.register).not.toHaveBeenCalled();
  });

  it('shows a registration failure for 3 seconds; a retry after a failed login does not register twice', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { calls, onRegistered } = renderForm();
      calls.register.mockRejectedValueOnce(
        rejected(400, 'validation-error', 'Вам має бути щонайменше 18 років', 'birthDay'),
      );
      await fillValid(user);
      await user.click(submit());
      expect(await screen.findByText('Вам має бути щонайменше 18 років')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2999));
      expect(screen.getByText('Вам має бути щонайменше 18 років')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Вам має бути щонайменше 18 років')).not.toBeInTheDocument();

      calls.login.mockRejectedValueOnce(rejected(503, 'internal', 'Сервіс тимчасово недоступний'));
      await user.click(submit());
      expect(await screen.findByText('Сервіс тимчасово недоступний')).toBeInTheDocument();
      await user.click(submit());
      await waitFor(() => expect(onRegistered).toHaveBeenCalled());
      expect(calls.register).toHaveBeenCalledTimes(2);
      expect(calls.login).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers a retry when the genders could not be loaded', async () => {
    const user = userEvent.setup();
    renderForm((calls) => calls.genders.mockRejectedValueOnce(rejected(0, 'network', 'Network Error')));
    expect(await screen.findByText('Не вдалося завантажити варіанти')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('radio', { name: 'Жіноча' })).toBeInTheDocument();
  });
});

describe('in Russian', () => {
  beforeAll(() => setUpI18n('ru'));
  afterAll(() => setUpI18n('ua'));

  it('sends the names keyed ru', async () => {
    const user = userEvent.setup();
    const { calls, onRegistered } = renderForm();
    await user.type(field('Фамилия'), 'Шевченко');
    await user.type(field('Имя'), 'Елена');
    await user.type(field('Отчество'), 'Петровна');
    await user.type(field('Дата рождения'), '15051990');
    await user.click(await screen.findByRole('radio', { name: 'Чоловіча' }));
    await user.click(screen.getByRole('checkbox', { name: /^Я соглашаюсь на обработку моих персональных данных/ }));
    await user.click(submit());
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(calls.register).toHaveBeenCalledWith(
      'registration-1',
      expect.objectContaining({ lastName: { ru: 'Шевченко' }, firstName: { ru: 'Елена' }, genderId: 1 }),
    );
  });
});
