import type { PageRoute } from '@lab/pages/routes';
import { Route, Routes } from '@lab/router';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { routes } from '../routes';
import { renderAt, resetBrowserState, setUpI18n } from '../test/render';
import { serveAccount } from '../test/server';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

/** The route objects as the shell's router mounts them: each route's component, its pages in its Outlet. */
async function elementsOf(list: readonly PageRoute[]): Promise<ReactElement[]> {
  return Promise.all(
    list.map(async (route) => {
      const { Component } = await route.lazy();
      if (route.index) return <Route key={route.id} index element={<Component />} />;
      return (
        <Route key={route.id} path={route.path} element={<Component />}>
          {await elementsOf(route.children ?? [])}
        </Route>
      );
    }),
  );
}

const renderAccount = async (path: string) => renderAt(<Routes>{await elementsOf(routes)}</Routes>, path);

describe('the account routes', () => {
  it('ask a guest to sign in on every page', async () => {
    serveAccount({ signedIn: false });
    await renderAccount('/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Особистий кабінет' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Увійти' })).toBeInTheDocument();
  });

  it('greet a signed-in patient on /account with the ways in', async () => {
    serveAccount();
    await renderAccount('/account');
    expect(await screen.findByText('Вітаємо, Олено!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Мої замовлення/ })).toHaveAttribute('href', '/account/orders');
    expect(screen.queryByRole('group', { name: 'Роль' })).not.toBeInTheDocument();
  });

  it('offer the role switch on /account to a user with both profiles', async () => {
    serveAccount({ doctor: true });
    await renderAccount('/account');
    expect(await screen.findByRole('group', { name: 'Роль' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пацієнт' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('draw the orders while the profiles are still being read, and the account home only with them', async () => {
    // the patient's profile is held back: the orders list does not wait for it
    const held = new Promise<never>(() => {});
    const requests = serveAccount({
      handle: (request) => (request.url === '/patient/patients/self' ? held : undefined),
    });
    const { unmount } = await renderAccount('/account/orders');
    expect(await screen.findAllByTestId('order-card')).not.toHaveLength(0);
    expect(requests.map((request) => request.url)).toContain('/patient/patients/self');
    unmount();
    await renderAccount('/account');
    // the home page greets the user by name: its heading and a placeholder until the profile comes
    await waitFor(() => expect(requests.filter((request) => request.url === '/info')).toHaveLength(2));
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Особистий кабінет' })).toBeInTheDocument();
      expect(screen.getByText('Завантаження…').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    });
    expect(screen.queryByText(/Вітаємо/)).not.toBeInTheDocument();
    // this API's session does not name the profiles: the role, and so its ways in, are not known yet
    expect(screen.queryByRole('link', { name: /Мої замовлення/ })).not.toBeInTheDocument();
  });

  it('tell a patient that referrals are for doctors, and show not-found for unknown pages', async () => {
    serveAccount();
    const { unmount } = await renderAccount('/account/patients');
    expect(await screen.findByText('Цей розділ доступний лікарям.')).toBeInTheDocument();
    unmount();
    await renderAccount('/account/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeInTheDocument();
  });
});
