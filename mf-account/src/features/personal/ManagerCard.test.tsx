import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MANAGER } from '../../test/fixtures';
import { ok, type Reply, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PersonalPageOfAccount } from './PersonalPageOfAccount';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const MANAGER_URL = '/user/doctors/self/manager';

/** Answers the manager call from `replies` in turn; each is held back until the test lets it go. */
function serveDoctor(...replies: Reply[]) {
  const pending: Array<() => void> = [];
  const requests = serveAccount({
    patient: false,
    doctor: true,
    handle: (request) => {
      if (request.url !== MANAGER_URL) return undefined;
      const reply = replies.shift() ?? ok(null);
      return new Promise<Reply>((resolve) => pending.push(() => resolve(reply)));
    },
  });
  /** Lets the next manager call answer, once it has been made (after the account loads). */
  const answer = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.();
  };
  return { requests, answer };
}

describe("the doctor's manager", () => {
  it('shows a placeholder while loading, then the name with phone and e-mail links', async () => {
    const { answer } = serveDoctor(ok(MANAGER));
    renderAt(<PersonalPageOfAccount />);
    const card = await screen.findByRole('region', { name: 'Відповідальний менеджер' });
    expect(within(card).getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByText('Завантаження…')).toBeInTheDocument();

    await answer();
    expect(await within(card).findByText('Бондар Ірина Олегівна')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+38 (044) 111-22-33' })).toHaveAttribute(
      'href',
      'tel:+380441112233',
    );
    expect(within(card).getByRole('link', { name: 'i.bondar@lab.ua' })).toHaveAttribute(
      'href',
      'mailto:i.bondar@lab.ua',
    );
  });

  it('leaves out the contacts the API does not give', async () => {
    const { answer } = serveDoctor(
      ok({ id: 3, firstName: 'Ірина', lastName: 'Бондар', middleName: null, phone: null, email: 'i.bondar@lab.ua' }),
    );
    renderAt(<PersonalPageOfAccount />);
    await answer();
    const card = screen.getByRole('region', { name: 'Відповідальний менеджер' });
    expect(await within(card).findByText('Бондар Ірина')).toBeInTheDocument();
    expect(within(card).queryByText('Телефон')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'i.bondar@lab.ua' })).toBeInTheDocument();
  });

  it('says so when no manager is assigned', async () => {
    const { answer } = serveDoctor(ok(null));
    renderAt(<PersonalPageOfAccount />);
    await answer();
    expect(await screen.findByText('Відповідального менеджера вам ще не призначено.')).toBeInTheDocument();
  });

  it('shows the failure with its status and loads again on retry', async () => {
    const { requests, answer } = serveDoctor(
      { status: 503, data: { code: 'unavailable', message: 'Сервіс недоступний' } },
      ok({ id: 3, firstName: 'Ірина', lastName: 'Бондар', middleName: null, phone: '+380441112233', email: null }),
    );
    const user = userEvent.setup();
    renderAt(<PersonalPageOfAccount />);
    await answer();
    const card = screen.getByRole('region', { name: 'Відповідальний менеджер' });
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Не вдалося завантажити дані менеджера');
    expect(alert).toHaveTextContent('Помилка сервера (код 503)');

    await user.click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));
    await answer();
    expect(await screen.findByText('Бондар Ірина')).toBeInTheDocument();
    expect(screen.queryByText('Не вдалося завантажити дані менеджера')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url === MANAGER_URL)).toHaveLength(2);
  });

  it('is not on a patient’s page, and is not asked for', async () => {
    const requests = serveAccount();
    renderAt(<PersonalPageOfAccount />);
    await screen.findByRole('region', { name: 'Дані профілю' });
    expect(screen.queryByRole('region', { name: 'Відповідальний менеджер' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === MANAGER_URL)).toBe(false);
  });
});
