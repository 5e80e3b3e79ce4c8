import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, recordEvents, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { NEW_CART, serveAccount } from '../../test/server';
import { ProfileMenu } from './ProfileMenu';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const stored = (key: string) => window.localStorage.getItem(key);
const menuButton = () => screen.findByRole('button', { name: 'Мій кабінет' });

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await menuButton());
  return { user, menu: await screen.findByRole('menu', { name: 'Мій кабінет' }) };
}

describe('the header entry', () => {
  it('is the sign-in button for a guest', async () => {
    serveAccount({ signedIn: false });
    renderAt(<ProfileMenu />);
    expect(await screen.findByRole('button', { name: 'Увійти до особистого кабінету' })).toBeInTheDocument();
  });

  it('is a menu button with the photo (versioned URL), name, patient number and phone for a patient', async () => {
    serveAccount();
    renderAt(<ProfileMenu />);
    const button = await menuButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.querySelector('img')).toHaveAttribute('src', '/api/private/patient/patients/self/photo?v=3');

    const { menu } = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const card = document.getElementById(menu.getAttribute('aria-describedby') ?? '');
    expect(card).toHaveTextContent('Олена Коваленко');
    expect(card).toHaveTextContent('ID: P-000011');
    expect(card).toHaveTextContent('+38 (050) 123-45-67');
    expect(within(menu).getByRole('menuitem', { name: 'Мої замовлення' })).toHaveAttribute('href', '/account/orders');
    expect(within(menu).getByRole('menuitem', { name: 'Особисті дані' })).toHaveAttribute(
      'href',
      '/account/personal-information',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Вийти' })).toBeInTheDocument();
    // no role switch without a doctor profile, no workplaces for a patient
    expect(within(menu).queryByRole('menuitemradio')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows open and move, Escape closes and returns focus', async () => {
    serveAccount();
    renderAt(<ProfileMenu />);
    const button = await menuButton();
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Вийти' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    serveAccount();
    renderAt(
      <>
        <ProfileMenu />
        <p>elsewhere</p>
      </>,
    );
    const { user } = await openMenu();
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('the doctor', () => {
  it('shows the doctor code of the current workplace and the referrals link; choosing a workplace calls the server', async () => {
    window.localStorage.setItem('doctor', 'true');
    const requests = serveAccount({ patient: false, doctor: true });
    const events = recordEvents('workplace:changed');
    renderAt(<ProfileMenu />);
    const { user, menu } = await openMenu();
    const card = document.getElementById(menu.getAttribute('aria-describedby') ?? '');
    expect(card).toHaveTextContent('Андрій Мельник');
    expect(card).toHaveTextContent('Код лікаря: MELNYK-1');
    expect(within(menu).getByRole('menuitem', { name: 'Мої направлення' })).toHaveAttribute(
      'href',
      '/account/patients',
    );
    const places = await within(menu).findAllByRole('menuitemradio');
    expect(places.map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'false']);

    await user.click(within(menu).getByRole('menuitemradio', { name: /MELNYK-2/ }));
    await waitFor(() => expect(events).toEqual([{ name: 'workplace:changed', payload: { workplaceId: 2 } }]));
    expect(requests.some((r) => r.method === 'post' && r.url === '/user/doctors/self/workplaces/2/current')).toBe(true);
    await waitFor(() => expect(card).toHaveTextContent('Код лікаря: MELNYK-2'));
    expect(within(menu).getByRole('menuitemradio', { name: /MELNYK-2/ })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('the role switch (docs/product.md#role-switch)', () => {
  it('is offered only with both profiles; to doctor sets the flag, loads the doctor profile, workplaces and cart', async () => {
    window.localStorage.setItem('cityId', '1');
    const requests = serveAccount({ patient: true, doctor: true });
    const events = recordEvents('role:changed');
    renderAt(<ProfileMenu />, '/account/orders');
    const { user, menu } = await openMenu();
    const patientItem = within(menu).getByRole('menuitemradio', { name: 'Пацієнт' });
    expect(patientItem).toHaveAttribute('aria-checked', 'true');
    const before = requests.length;

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Лікар' }));
    await waitFor(() => expect(events).toEqual([{ name: 'role:changed', payload: { role: 'doctor' } }]));
    expect(stored('doctor')).toBe('true');
    const after = requests.slice(before).map((request) => request.url);
    expect(after).toEqual(
      expect.arrayContaining([
        '/user/doctors/self',
        '/user/doctors/self/workplaces',
        '/user/doctors/self/workplaces/current',
      ]),
    );
    // the doctor's own list follows, since the page was the patient's
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/patients'));
  });

  it('to patient clears the flag, reloads the patient profile (photo) and announces it', async () => {
    window.localStorage.setItem('doctor', 'true');
    const requests = serveAccount({ patient: true, doctor: true });
    const events = recordEvents('role:changed');
    renderAt(<ProfileMenu />, '/account/patients');
    const { user, menu } = await openMenu();
    expect(within(menu).getByRole('menuitemradio', { name: 'Лікар' })).toHaveAttribute('aria-checked', 'true');
    const before = requests.length;

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Пацієнт' }));
    await waitFor(() => expect(events).toEqual([{ name: 'role:changed', payload: { role: 'patient' } }]));
    expect(stored('doctor')).toBeNull();
    expect(requests.slice(before).map((request) => request.url)).toContain('/patient/patients/self');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/orders'));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Мої замовлення' })).toBeInTheDocument());
  });
});

describe('logout (docs/product.md#logout)', () => {
  it('logs out, clears the user values, makes a guest cart and announces the session change', async () => {
    for (const [key, value] of Object.entries({
      doctor: 'true',
      doctorType: 'true',
      lastOrdersDate: '"month"',
      lastPatientsDate: '"week"',
      cityId: '1',
    })) {
      window.localStorage.setItem(key, value);
    }
    let signedIn = true;
    const requests = serveAccount({
      patient: true,
      doctor: true,
      handle: (request) => {
        if (request.url === '/info') return { status: 200, data: { canLogin: !signedIn } };
        if (request.url === '/logout') {
          signedIn = false;
          return { status: 200, data: { ok: true } };
        }
        return undefined;
      },
    });
    const events = recordEvents('session:changed');
    renderAt(<ProfileMenu />);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Вийти' }));

    await waitFor(() => expect(events).toEqual([{ name: 'session:changed', payload: { signedIn: false } }]));
    expect(requests.find((request) => request.url === '/logout')?.method).toBe('post');
    for (const key of ['doctor', 'doctorType', 'lastOrdersDate', 'lastPatientsDate']) expect(stored(key)).toBeNull();
    expect(stored('cityId')).toBe('1');
    // a new guest cart, remembered
    const created = requests.find((request) => request.url === '/cart/carts' && request.method === 'post');
    expect(bodyOf(created ?? ({} as never))).toEqual({});
    expect(JSON.parse(stored('cartId') ?? 'null')).toBe(NEW_CART);
    expect(await screen.findByRole('button', { name: 'Увійти до особистого кабінету' })).toBeInTheDocument();
  });

  it('keeps everything when the server could not log out, and says so', async () => {
    window.localStorage.setItem('lastOrdersDate', '"month"');
    serveAccount({
      handle: (request) =>
        request.url === '/logout'
          ? { status: 500, data: { code: 'internal', message: 'Внутрішня помилка' } }
          : undefined,
    });
    renderAt(<ProfileMenu />);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Вийти' }));
    expect(await within(menu.parentElement as HTMLElement).findByRole('alert')).toHaveTextContent('Внутрішня помилка');
    expect(stored('lastOrdersDate')).toBe('"month"');
    await act(async () => {});
  });
});
