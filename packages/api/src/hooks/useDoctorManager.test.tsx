import { initI18n } from '@lab/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { installAdapter, ok } from '../test/fakeAdapter';
import { apiKeys, keysOf, SESSION_AREAS } from './keys';
import { useDoctorManager } from './useDoctorManager';

beforeAll(() => initI18n('ua'));

function Cache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

function Manager({ enabled }: { enabled?: boolean }) {
  const { data } = useDoctorManager(enabled);
  return <span data-testid="manager">{data === undefined ? 'loading' : (data?.lastName ?? 'none')}</span>;
}

function serve(manager: unknown) {
  return installAdapter((request) => {
    if (request.url === '/info') return ok({ canLogin: false });
    if (request.url === '/user/doctors/self/manager') return ok(manager);
    return { status: 404, data: { code: 'not-found', message: 'Не знайдено' } };
  });
}

describe('useDoctorManager', () => {
  it('reads the signed-in doctor’s manager', async () => {
    const requests = serve({
      id: 1,
      firstName: 'Ірина',
      lastName: 'Бондар',
      middleName: null,
      phone: null,
      email: null,
    });
    render(
      <Cache>
        <Manager />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('manager')).toHaveTextContent('Бондар'));
    expect(requests.filter((request) => request.url === '/user/doctors/self/manager')).toHaveLength(1);
  });

  it('answers null as "no manager"', async () => {
    serve(null);
    render(
      <Cache>
        <Manager />
      </Cache>,
    );
    await waitFor(() => expect(screen.getByTestId('manager')).toHaveTextContent('none'));
  });

  it('asks nothing when disabled', async () => {
    const requests = serve(null);
    render(
      <Cache>
        <Manager enabled={false} />
      </Cache>,
    );
    await act(async () => {});
    expect(requests.some((request) => request.url === '/user/doctors/self/manager')).toBe(false);
  });

  it('belongs to the session: dropped at sign-in and logout', () => {
    expect(keysOf(...SESSION_AREAS)(apiKeys.doctorManager('ua'))).toBe(true);
  });
});
