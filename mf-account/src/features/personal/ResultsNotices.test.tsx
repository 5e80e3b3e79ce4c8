import { setLocale } from '@lab/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PersonalPageOfAccount } from './PersonalPageOfAccount';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const NOTICES = '/user/users/self/notifications';

describe('the results-ready SMS switch', () => {
  it('shows the setting the server has, turns it off through the API and says so', async () => {
    const requests = serveAccount({ resultsSms: true });
    renderAt(<PersonalPageOfAccount />);
    const toggle = await screen.findByRole('switch', { name: 'SMS, коли результати готові' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/без медичних даних/);
    await userEvent.click(toggle);
    expect(await screen.findByText('Збережено: SMS більше не надходитимуть')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    const saved = requests.filter((request) => request.url === NOTICES && request.method?.toLowerCase() === 'post');
    expect(saved.map(bodyOf)).toEqual([{ resultsSms: false }]);
    await userEvent.click(toggle);
    expect(await screen.findByText('Збережено: SMS надходитимуть')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('keeps the switch as it was when saving fails, and says why', async () => {
    serveAccount({
      resultsSms: false,
      handle: (request) =>
        request.url === NOTICES && request.method?.toLowerCase() === 'post'
          ? { status: 503, data: { code: 'unavailable', message: 'Сервіс тимчасово недоступний' } }
          : undefined,
    });
    renderAt(<PersonalPageOfAccount />);
    const toggle = await screen.findByRole('switch', { name: 'SMS, коли результати готові' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText(/^Не вдалося зберегти:/)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
  });

  it('reads in Russian', async () => {
    await setLocale('ru');
    try {
      serveAccount();
      renderAt(<PersonalPageOfAccount />);
      expect(await screen.findByRole('switch', { name: 'SMS, когда результаты готовы' })).toBeChecked();
    } finally {
      await setLocale('ua');
    }
  });
});
