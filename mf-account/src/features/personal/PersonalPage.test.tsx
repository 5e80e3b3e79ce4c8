import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PersonalPageOfAccount } from './PersonalPageOfAccount';
import { PHOTO_MAX_BYTES, photoProblem } from './PhotoUpload';
import { validateWard } from './WardForm';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('personal information', () => {
  it('shows the details and says that names and the birth date change only through support', async () => {
    serveAccount();
    renderAt(<PersonalPageOfAccount />);
    const details = await screen.findByRole('region', { name: 'Дані профілю' });
    expect(details).toHaveTextContent('Номер пацієнта (ID)P-000011');
    expect(details).toHaveTextContent('Дата народження15.04.1988');
    expect(details).toHaveTextContent('+38 (050) 123-45-67');
    const support = screen.getByRole('complementary', { name: 'Як змінити ПІБ або дату народження' });
    expect(support).toHaveTextContent('лише через службу підтримки');
    expect(within(support).getByRole('link', { name: '0 800 102021' })).toHaveAttribute('href', 'tel:0800102021');
  });

  it('states the photo limits before upload and refuses a wrong file at once', async () => {
    serveAccount();
    renderAt(<PersonalPageOfAccount />);
    const input = await screen.findByLabelText('Оберіть фото');
    expect(input).toHaveAccessibleDescription(/JPEG, PNG або WebP, не більше 2 МБ/);
    await userEvent.upload(input, file('scan.pdf', 'application/pdf'), { applyAccept: false });
    expect(await screen.findByText(/оберіть фото у форматі JPEG, PNG або WebP/)).toBeInTheDocument();
    await userEvent.upload(input, file('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1));
    expect(await screen.findByText(/Файл завеликий \(2 MB\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Зберегти фото' })).not.toBeInTheDocument();
  });

  it("previews the chosen photo, uploads it and shows the server's refusal", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const requests = serveAccount({
      handle: (request) =>
        request.url === '/patient/patients/self/photo' && request.method === 'post'
          ? {
              status: 400,
              data: { code: 'photo-invalid', message: 'Файл не є зображенням JPEG, PNG або WebP', field: 'file' },
            }
          : undefined,
    });
    renderAt(<PersonalPageOfAccount />);
    await userEvent.upload(await screen.findByLabelText('Оберіть фото'), file('me.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'Попередній перегляд нового фото' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти фото' }));
    expect(await screen.findByText('Файл не є зображенням JPEG, PNG або WebP')).toBeInTheDocument();
    const upload = requests.find(
      (request) => request.url === '/patient/patients/self/photo' && request.method === 'post',
    );
    expect(upload?.data).toBeInstanceOf(FormData);
    expect((upload?.data as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it('changes the phone by a code sent to the candidate', async () => {
    const requests = serveAccount({
      handle: (request) => {
        if (request.url === '/patient/patients/self/candidates/phone')
          return { status: 200, data: { id: 'c1', timeToNextSend: 60000 } };
        if (request.url === '/patient/patients/self/candidates/phone/approve') {
          return bodyOf(request) && (bodyOf(request) as { code: string }).code === '1234'
            ? { status: 200, data: {} }
            : { status: 400, data: { code: 'sms-invalid', message: 'Введено невірний код', field: 'code' } };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    await user.click(await screen.findByRole('button', { name: 'Змінити номер' }));
    const phone = screen.getByLabelText('Новий номер телефону');
    expect(phone).toHaveFocus();
    await user.type(phone, '671112233');
    expect(phone).toHaveValue('+38 (067) 111-22-33');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    expect(await screen.findByText('Ми надіслали SMS з кодом на номер +38 (067) 111-22-33.')).toBeInTheDocument();
    expect(
      bodyOf(requests.find((request) => request.url === '/patient/patients/self/candidates/phone') ?? ({} as never)),
    ).toEqual({
      phone: '+380671112233',
    });
    await user.type(screen.getByLabelText('Код з SMS'), '9999');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByText('Введено невірний код')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Код з SMS'));
    await user.type(screen.getByLabelText('Код з SMS'), '1234');
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }));
    expect(await screen.findByText('Номер телефону змінено')).toBeInTheDocument();
  });

  it('lists the wards and adds one: names, birth date, gender', async () => {
    const requests = serveAccount({
      handle: (request) =>
        request.url === '/patient/patients/self/wards' && request.method === 'post'
          ? {
              status: 200,
              data: {
                id: 13,
                type: 'ward',
                ward: true,
                userData: {
                  id: 13,
                  firstName: 'Максим',
                  lastName: 'Коваленко',
                  middleName: null,
                  photo: false,
                  mobilePhone: null,
                  number: 'P-13',
                  email: null,
                  gender: 'male',
                  birthDay: '2017-02-11',
                  version: 0,
                },
                attributes: { gender: 'male', puberty: null, pregnancyWeek: null, fetusCount: null, menopause: null },
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    const wards = await screen.findByRole('region', { name: 'Члени родини' });
    expect(await within(wards).findByText('Коваленко Софія Андріївна')).toBeInTheDocument();
    expect(wards).toHaveTextContent('нар. 02.09.2014 · Жіноча');

    await user.click(within(wards).getByRole('button', { name: 'Додати члена родини' }));
    const form = within(wards).getByRole('form', { name: 'Новий член родини' });
    await user.click(within(form).getByRole('button', { name: 'Додати' }));
    expect(within(form).getAllByText('Заповніть це поле')).toHaveLength(3);
    expect(within(form).getByText('Оберіть один із варіантів')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Прізвище'), 'Коваленко');
    await user.type(within(form).getByLabelText('Ім’я'), 'Максим1');
    await user.type(within(form).getByLabelText('Дата народження'), '11022017');
    await user.click(await within(form).findByRole('radio', { name: 'Чоловіча' }));
    await user.click(within(form).getByRole('button', { name: 'Додати' }));
    expect(within(form).getByText('Поле не повинно містити цифр')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Ім’я'));
    await user.type(within(form).getByLabelText('Ім’я'), 'Максим');
    await user.click(within(form).getByRole('button', { name: 'Додати' }));

    expect(await within(wards).findByText('Коваленко Максим — додано до сімейного кабінету')).toBeInTheDocument();
    const created = requests.find(
      (request) => request.url === '/patient/patients/self/wards' && request.method === 'post',
    );
    expect(bodyOf(created ?? ({} as never))).toEqual({
      lastName: 'Коваленко',
      firstName: 'Максим',
      birthDay: '2017-02-11',
      genderId: 1,
    });
  });
});

describe('checks before sending', () => {
  it('knows the photo limits', () => {
    expect(photoProblem({ type: 'image/webp', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: PHOTO_MAX_BYTES + 1 })).toBe('size');
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });

  it('checks a ward: names without digits, a real birth date not in the future, a gender', () => {
    const draft = {
      lastName: 'Коваленко',
      firstName: 'Максим',
      middleName: '',
      birthDay: '2017-02-11',
      birthDayTyped: true,
      genderId: '1',
    };
    expect(validateWard(draft, '2026-01-01')).toEqual({});
    expect(validateWard({ ...draft, middleName: '3' }, '2026-01-01')).toEqual({ middleName: 'digits' });
    expect(validateWard({ ...draft, birthDay: '2027-01-01' }, '2026-01-01')).toEqual({ birthDay: 'date' });
    expect(validateWard({ ...draft, birthDay: '' }, '2026-01-01')).toEqual({ birthDay: 'date' });
    expect(validateWard({ ...draft, birthDay: '', birthDayTyped: false, genderId: '' }, '2026-01-01')).toEqual({
      birthDay: 'required',
      genderId: 'choose',
    });
  });
});
