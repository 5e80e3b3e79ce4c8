import { initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { RegistrySummary } from '../contract/results';
import { installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys, keysOf, SESSION_AREAS } from './keys';
import { usePatientRegistries } from './useResults';
import { useDoctorSpecialization } from './useSession';

beforeAll(() => initI18n('ua'));

function Cache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

const summary = (id: number): RegistrySummary => ({
  id,
  number: `R-${id}`,
  createdAt: '2026-01-10T08:00:00.000Z',
  patient: { id: 5, firstName: 'Марія', lastName: 'Шевчук', middleName: null },
  services: [{ id: 1, code: 'CBC', title: 'Загальний аналіз крові' }],
  resultsReady: true,
});

/** A patient with 25 registries, served in pages of the requested size. */
function serveHistory(total = 25) {
  return installAdapter((request) => {
    if (request.url === '/info') return ok({ canLogin: false });
    const params = (request.params ?? {}) as { page?: number; size?: number };
    const page = Number(params.page ?? 0);
    const size = Number(params.size ?? 20);
    const all = Array.from({ length: total }, (_, index) => summary(index + 1));
    return ok({
      content: all.slice(page * size, page * size + size),
      page,
      totalPages: Math.ceil(total / size),
      totalElements: total,
    });
  });
}

function History({ patientId, query }: { patientId: number | null; query?: string }) {
  const list = usePatientRegistries(patientId, query ? { query } : {});
  return (
    <div>
      <span data-testid="count">{list.items.length}</span>
      <span data-testid="total">{list.total}</span>
      <button type="button" onClick={list.loadMore} disabled={!list.hasMore}>
        more
      </button>
    </div>
  );
}

describe('usePatientRegistries', () => {
  it('asks for pages of 20 and appends the next page', async () => {
    const requests = serveHistory();
    render(
      <Cache>
        <History patientId={5} query="кров" />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('20'));
    expect(screen.getByTestId('total')).toHaveTextContent('25');
    const first = requests.find((request) => request.url === '/registry/registries/self/patient/5');
    expect(first?.params).toEqual({ size: 20, query: 'кров', page: 0 });

    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('25'));
    expect(screen.getByRole('button', { name: 'more' })).toBeDisabled();
  });

  it('makes no request without a patient', async () => {
    const requests = serveHistory();
    render(
      <Cache>
        <History patientId={null} />
      </Cache>,
    );
    await act(async () => {});
    expect(requests).toHaveLength(0);
  });

  it('belongs to the session: dropped at sign-in and logout', () => {
    expect(SESSION_AREAS).toContain('patient-registries');
    expect(keysOf(...SESSION_AREAS)(apiKeys.patientRegistries(5, {}, 0, 'ua'))).toBe(true);
  });
});

function Specialty({ enabled }: { enabled: boolean }) {
  const { data } = useDoctorSpecialization(enabled);
  return <span>{data === undefined ? 'none' : (data?.title ?? 'no specialty')}</span>;
}

describe('useDoctorSpecialization', () => {
  it('loads the specialty of a signed-in doctor only when enabled', async () => {
    const requests = installAdapter((request) =>
      request.url === '/info' ? ok({ canLogin: false }) : ok({ id: 3, title: 'Терапевт' }),
    );
    const { rerender } = render(
      <Cache>
        <Specialty enabled={false} />
      </Cache>,
    );
    await waitFor(() => expect(requests.some((request) => request.url === '/info')).toBe(true));
    expect(requests.some((request) => request.url === '/user/doctors/self/specialization')).toBe(false);
    rerender(
      <Cache>
        <Specialty enabled />
      </Cache>,
    );
    expect(await screen.findByText('Терапевт')).toBeInTheDocument();
  });
});
