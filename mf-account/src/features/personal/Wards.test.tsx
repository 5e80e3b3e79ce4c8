import type { Ward, WardBody } from '@lab/api';
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WARD } from '../../test/fixtures';
import { bodyOf, ok, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PersonalPageOfAccount } from './PersonalPageOfAccount';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const WARD_URL = `/patient/patients/self/wards/${WARD.id}`;
const PHOTO_URL = `${WARD_URL}/photo`;
const isPost = (request: ApiRequest, url: string) => request.url === url && request.method?.toLowerCase() === 'post';

/** A server holding one ward that the edit and the photo upload change, as the real one does. */
function serveWard() {
  let ward: Ward = WARD;
  const requests = serveAccount({
    handle: (request) => {
      if (request.url === '/patient/patients/self/wards' && request.method?.toLowerCase() !== 'post') return ok([ward]);
      if (isPost(request, WARD_URL)) {
        const body = bodyOf(request) as WardBody;
        if (body.lastName === 'Тест') {
          return {
            status: 400,
            data: { code: 'validation-error', message: 'Прізвище не прийнято', field: 'lastName' },
          };
        }
        const version = ward.userData.version + 1;
        ward = {
          ...ward,
          userData: { ...ward.userData, ...body, middleName: body.middleName ?? null, version },
        };
        return ok(ward);
      }
      if (isPost(request, PHOTO_URL)) {
        const version = ward.userData.version + 1;
        ward = { ...ward, userData: { ...ward.userData, photo: true, version } };
        return ok({ version });
      }
      return undefined;
    },
  });
  return requests;
}

describe('wards', () => {
  it('edits a ward in the same form as adding: prefilled, checked, saved, and the new name shown', async () => {
    const requests = serveWard();
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    const wards = await screen.findByRole('region', { name: 'Члени родини' });
    await user.click(await within(wards).findByRole('button', { name: 'Змінити дані: Коваленко Софія Андріївна' }));

    const form = within(wards).getByRole('form', { name: 'Зміна даних: Коваленко Софія Андріївна' });
    const lastName = within(form).getByLabelText('Прізвище');
    expect(lastName).toHaveFocus();
    expect(lastName).toHaveValue('Коваленко');
    expect(within(form).getByLabelText('Ім’я')).toHaveValue('Софія');
    expect(within(form).getByLabelText(/По батькові/)).toHaveValue('Андріївна');
    expect(within(form).getByLabelText('Дата народження')).toHaveValue('02.09.2014');
    expect(await within(form).findByRole('radio', { name: 'Жіноча' })).toBeChecked();
    // one form at a time
    expect(within(wards).queryByRole('button', { name: 'Додати члена родини' })).not.toBeInTheDocument();

    // the form's own checks: the message under the field, the focus on it, the text kept
    const firstName = within(form).getByLabelText('Ім’я');
    await user.clear(firstName);
    await user.type(firstName, 'Мар1я');
    await user.clear(within(form).getByLabelText('Дата народження'));
    await user.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
    expect(within(form).getByText('Поле не повинно містити цифр')).toBeInTheDocument();
    expect(within(form).getByText('Заповніть це поле')).toBeInTheDocument();
    expect(firstName).toHaveFocus();
    expect(firstName).toHaveValue('Мар1я');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => isPost(request, WARD_URL))).toBe(false);

    // the server's refusal of a field shows under that field
    await user.clear(firstName);
    await user.type(firstName, 'Марія');
    await user.type(within(form).getByLabelText('Дата народження'), '02092014');
    await user.clear(lastName);
    await user.type(lastName, 'Тест');
    await user.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
    expect(await within(form).findByText('Прізвище не прийнято')).toBeInTheDocument();
    expect(lastName).toHaveFocus();

    await user.clear(lastName);
    await user.type(lastName, 'Коваленко');
    await user.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
    expect(await within(wards).findByText('Коваленко Марія Андріївна — зміни збережено')).toBeInTheDocument();
    expect(within(wards).getByText('Коваленко Марія Андріївна')).toBeInTheDocument();
    expect(within(wards).queryByRole('form')).not.toBeInTheDocument();
    expect(within(wards).getByRole('button', { name: 'Змінити дані: Коваленко Марія Андріївна' })).toHaveFocus();
    const saved = requests.filter((request) => isPost(request, WARD_URL)).at(-1);
    expect(bodyOf(saved ?? ({} as never))).toEqual({
      lastName: 'Коваленко',
      firstName: 'Марія',
      middleName: 'Андріївна',
      birthDay: '2014-09-02',
      genderId: 2,
    });
  });

  it('cancelling an edit sends nothing and gives the focus back to the edit button', async () => {
    const requests = serveWard();
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    const edit = await screen.findByRole('button', { name: 'Змінити дані: Коваленко Софія Андріївна' });
    await user.click(edit);
    await user.type(screen.getByLabelText('Прізвище'), 'ко');
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Змінити дані: Коваленко Софія Андріївна' })).toHaveFocus();
    expect(requests.some((request) => isPost(request, WARD_URL))).toBe(false);
  });

  it('shows an icon for a ward without a photo, and the photo once one is uploaded', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:ward-preview');
    URL.revokeObjectURL = jest.fn();
    const requests = serveWard();
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    const wards = await screen.findByRole('region', { name: 'Члени родини' });
    const card = (await within(wards).findByText('Коваленко Софія Андріївна')).closest('li') as HTMLElement;
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();

    const input = within(card).getByLabelText('Оберіть фото: Коваленко Софія Андріївна');
    expect(input).toHaveAccessibleDescription(/JPEG, PNG або WebP, не більше 2 МБ/);
    // the picker offers only JPEG, PNG and WebP; a file dropped in past it is refused before sending
    await userEvent.upload(input, new File([new Uint8Array(10)], 'sofia.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(within(card).getByRole('alert')).toHaveTextContent('оберіть фото у форматі JPEG, PNG або WebP');

    await user.upload(input, new File([new Uint8Array(10)], 'sofia.png', { type: 'image/png' }));
    expect(
      within(card).getByRole('img', { name: 'Попередній перегляд нового фото: Коваленко Софія Андріївна' }),
    ).toHaveAttribute('src', 'blob:ward-preview');
    await user.click(within(card).getByRole('button', { name: 'Зберегти фото: Коваленко Софія Андріївна' }));

    expect(await within(card).findByText('Фото оновлено')).toBeInTheDocument();
    const photo = await within(card).findByRole('img', { name: 'Фото: Коваленко Софія Андріївна' });
    expect(photo.getAttribute('src')).toMatch(/\/patient\/patients\/self\/wards\/12\/photo\?v=1$/);
    const upload = requests.find((request) => isPost(request, PHOTO_URL));
    expect((upload?.data as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it("shows a ward's photo with its version and the server's refusal of a new one", async () => {
    const requests = serveAccount({
      handle: (request) =>
        isPost(request, PHOTO_URL)
          ? { status: 413, data: { code: 'payload-too-large', message: 'Файл завеликий', field: 'file' } }
          : request.url === '/patient/patients/self/wards'
            ? ok([{ ...WARD, userData: { ...WARD.userData, photo: true, version: 4 } }])
            : undefined,
    });
    URL.createObjectURL = jest.fn(() => 'blob:ward-preview');
    URL.revokeObjectURL = jest.fn();
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    const photo = await screen.findByRole('img', { name: 'Фото: Коваленко Софія Андріївна' });
    expect(photo.getAttribute('src')).toMatch(/\/patient\/patients\/self\/wards\/12\/photo\?v=4$/);
    await user.upload(
      screen.getByLabelText('Оберіть фото: Коваленко Софія Андріївна'),
      new File([new Uint8Array(10)], 'sofia.webp', { type: 'image/webp' }),
    );
    await user.click(screen.getByRole('button', { name: 'Зберегти фото: Коваленко Софія Андріївна' }));
    expect(await screen.findByText('Файл завеликий')).toBeInTheDocument();
    // the chosen file stays, to try again
    expect(screen.getByText('sofia.webp')).toBeInTheDocument();
    expect(requests.filter((request) => isPost(request, PHOTO_URL))).toHaveLength(1);
  });
});
