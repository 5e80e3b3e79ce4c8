import type { ResultShare, ShareCreated, SharedResults } from '@lab/api';
import { useParams } from '@lab/router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTRY } from '../../test/fixtures';
import { bodyOf, ok, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { ResultSharing } from '../personal';
import { ResultView } from '../results';
import { ShareDialog } from './ShareDialog';
import { SharedResultsPage } from './SharedResultsPage';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const SHARE: ResultShare = {
  id: 7,
  registryId: 101,
  orderNumber: '2600101',
  patient: REGISTRY.patient,
  createdAt: '2026-11-18T10:00:00.000Z',
  expiresAt: '2026-11-25T10:00:00.000Z',
  revokedAt: null,
  status: 'active',
  lastOpenedAt: null,
  openCount: 0,
};
const CREATED: ShareCreated = {
  share: { ...SHARE, expiresAt: '2026-12-18T10:00:00.000Z' },
  token: TOKEN,
  code: '048213',
};

function OrderResults() {
  return (
    <ResultView
      registryId={Number(useParams().id)}
      crumbId="order-results"
      resultHref={(id) => `/account/results/${id}`}
      shareDialog={ShareDialog}
    />
  );
}

describe('sharing an order’s results', () => {
  it('opens a dialog that keeps focus, makes a link for the chosen days and shows the code once', async () => {
    const requests = serveAccount({
      handle: (request) => {
        if (request.url === '/registry/shares/self' && request.method?.toLowerCase() === 'post') return ok(CREATED);
        if (request.url === '/registry/shares/self') return ok({ enabled: true, shares: [] });
        return undefined;
      },
    });
    renderAt(<OrderResults />, '/account/results/101', '/account/results/:id');
    await userEvent.click(await screen.findByRole('button', { name: 'Поділитися' }));
    const dialog = await screen.findByRole('dialog', { name: 'Поділитися результатами замовлення № 2600101' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.click(await within(dialog).findByRole('radio', { name: '30 днів' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Створити посилання' }));
    expect(await within(dialog).findByTestId('share-code')).toHaveTextContent('048213');
    expect(within(dialog).getByRole('textbox', { name: 'Посилання на результати' })).toHaveValue(
      `${window.location.origin}/shared/${TOKEN}`,
    );
    expect(within(dialog).getByText(/Діє до 18\.12\.2026/)).toBeInTheDocument();
    const made = requests.find((request) => request.url === '/registry/shares/self' && request.method === 'post');
    expect(made && bodyOf(made)).toEqual({ registryId: 101, days: 30 });
    // Tab from the last control comes back into the dialog
    for (let step = 0; step < 6; step++) await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('says sharing is unavailable while the setting forbids it, and leads to the setting', async () => {
    serveAccount({
      handle: (request) =>
        request.url === '/registry/shares/self' ? ok({ enabled: false, shares: [SHARE] }) : undefined,
    });
    renderAt(<OrderResults />, '/account/results/101', '/account/results/:id');
    await userEvent.click(await screen.findByRole('button', { name: 'Поділитися' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Поділитися результатами недоступно: це вимкнено в налаштуваннях/,
    );
    expect(within(dialog).getByRole('link', { name: 'Перейти до налаштувань' })).toHaveAttribute(
      'href',
      '/account/personal-information#sharing',
    );
    expect(within(dialog).queryByRole('button', { name: 'Створити посилання' })).not.toBeInTheDocument();
  });

  it('the doctor’s view of a patient’s result offers no sharing', async () => {
    serveAccount();
    renderAt(
      <ResultView registryId={101} crumbId="patient-result" patientId={11} resultHref={(id) => `/x/${id}`} />,
      '/account/patients/11/results/101',
    );
    await screen.findByRole('button', { name: 'Завантажити PDF' });
    expect(screen.queryByRole('button', { name: 'Поділитися' })).not.toBeInTheDocument();
  });
});

describe('the owner’s links in the personal data', () => {
  it('lists each link with its order, term and last opening, revokes one and turns sharing off', async () => {
    let shares = [SHARE, { ...SHARE, id: 8, lastOpenedAt: '2026-11-19T07:15:00.000Z', openCount: 3 }];
    let enabled = true;
    const requests = serveAccount({
      handle: (request) => {
        const url = request.url ?? '';
        if (url === '/registry/shares/self') return ok({ enabled, shares });
        const revoke = /^\/registry\/shares\/self\/(\d+)\/revoke$/.exec(url);
        if (revoke) {
          shares = shares.map((share) =>
            share.id === Number(revoke[1])
              ? { ...share, status: 'revoked', revokedAt: '2026-11-20T09:00:00.000Z' }
              : share,
          );
          return ok(shares.find((share) => share.id === Number(revoke[1])));
        }
        if (url === '/user/users/self/sharing') {
          enabled = (bodyOf(request) as { enabled: boolean }).enabled;
          return ok({ enabled });
        }
        return undefined;
      },
    });
    renderAt(<ResultSharing />);
    const items = await screen.findAllByTestId('share-item');
    expect(items[0]).toHaveTextContent('Ще не відкривали');
    expect(items[1]).toHaveTextContent('Востаннє відкрито 19.11.2026 09:15 · відкриттів: 3');
    expect(items[0]).toHaveTextContent('Діє · до 25.11.2026 12:00');
    await userEvent.click(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Скасувати доступ до замовлення № 2600101' }),
    );
    expect(await screen.findByText('Доступ до замовлення № 2600101 скасовано')).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/registry/shares/self/7/revoke')).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('share-item')[0]).toHaveTextContent('Скасовано'));

    const toggle = screen.getByRole('switch', { name: 'Дозволити ділитися результатами за посиланням' });
    await userEvent.click(toggle);
    expect(await screen.findByText(/ділитися результатами заборонено/)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText(/Поділитися результатами недоступно/)).toBeInTheDocument();
  });
});

describe('the recipient’s page /shared/{token}', () => {
  const SHARED: SharedResults = { registry: REGISTRY, expiresAt: '2026-11-25T10:00:00.000Z' };
  const renderShared = () => renderAt(<SharedResultsPage />, `/shared/${TOKEN}`, '/shared/:token');

  it('refuses a wrong code with the server’s message, then shows the results read-only with the PDF', async () => {
    const requests = serveAccount({
      signedIn: false,
      handle: (request) => {
        if (request.url === `/registry/shared/${TOKEN}`) {
          return (bodyOf(request) as { code: string }).code === '048213'
            ? ok(SHARED)
            : { status: 400, data: { code: 'share-code-invalid', message: 'Невірний код доступу', field: 'code' } };
        }
        if (request.url === `/registry/shared/${TOKEN}/pdf`) {
          return { status: 200, data: new Blob(['%PDF-'], { type: 'application/pdf' }) };
        }
        return undefined;
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:pdf');
    URL.revokeObjectURL = jest.fn();
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderShared();
    const field = await screen.findByRole('textbox', { name: 'Код доступу' });
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Відкрити результати' }));
    expect(await screen.findByText('Невірний код доступу')).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, '048213');
    await userEvent.click(screen.getByRole('button', { name: 'Відкрити результати' }));
    const page = await screen.findByTestId('shared-results');
    expect(within(page).getByRole('table')).toBeInTheDocument();
    expect(page).toHaveTextContent('Коваленко Олена Петрівна');
    expect(page).toHaveTextContent('Доступ діє до25.11.2026 12:00');
    await userEvent.click(within(page).getByRole('button', { name: 'Завантажити PDF' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const pdf = requests.find((request) => request.url === `/registry/shared/${TOKEN}/pdf`);
    expect(pdf && bodyOf(pdf)).toEqual({ code: '048213' });
    saved.mockRestore();
  });

  it('takes a signed-in doctor to the doctor’s view of the order', async () => {
    serveAccount({
      doctor: true,
      handle: (request) => {
        if (request.url === '/info') return ok({ canLogin: false, profiles: { patient: false, doctor: true } });
        if (request.url === `/registry/shared/${TOKEN}/doctor`) {
          return ok({ patientId: 11, registryId: 101, expiresAt: SHARED.expiresAt });
        }
        return undefined;
      },
    });
    renderAt(<SharedResultsPage />, `/shared/${TOKEN}`, '/shared/:token');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Код доступу' }), '048213');
    await userEvent.click(await screen.findByRole('button', { name: 'Відкрити в кабінеті лікаря' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/patients/11/results/101'));
  });

  it('says a broken link is broken', async () => {
    serveAccount({ signedIn: false });
    renderAt(<SharedResultsPage />, '/shared/abc', '/shared/:token');
    expect(await screen.findByText(/Посилання неповне або пошкоджене/)).toHaveAttribute('role', 'alert');
  });
});
