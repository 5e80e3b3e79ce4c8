import { addDays, todayInKyiv } from '@lab/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { order } from '../../test/fixtures';
import { renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PatientsPage, patientsOf } from './PatientsPage';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const referral = (index: number, patient: { id: number; firstName: string; lastName: string }) =>
  order({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    number: `27${index}`,
    registryId: 500 + index,
    patient: { ...patient, middleName: null },
  });

const TKACHENKO = { id: 31, firstName: 'Сергій', lastName: 'Ткаченко' };
const SHEVCHUK = { id: 32, firstName: 'Марія', lastName: 'Шевчук' };

describe("the doctor's referrals", () => {
  it('asks for 20 referrals a page as the doctor and lists their patients', async () => {
    const referrals = Array.from({ length: 23 }, (_, index) => referral(index, index % 3 ? TKACHENKO : SHEVCHUK));
    const requests = serveAccount({ doctor: true, patient: false, orders: referrals });
    renderAt(<PatientsPage />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(20);
    const list = requests.filter((request) => request.url === '/admin-app/registries/self');
    expect(list[0]?.params).toEqual({ size: 20, page: 0, 'customer-type': 'doctor' });
    const patients = screen.getByRole('region', { name: 'Пацієнти' });
    expect(within(patients).getByRole('link', { name: /Ткаченко Сергій/ })).toHaveAttribute(
      'href',
      '/account/patients/31/results',
    );
    const first = screen.getAllByTestId('order-card')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: /^Результати/ })).toHaveAttribute(
      'href',
      '/account/patients/32/results/500',
    );
    // a referral shows no money or payment actions
    expect(first).not.toHaveTextContent('Разом');
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(23));
  });

  it('remembers the date filter in lastPatientsDate, a custom range included', async () => {
    const requests = serveAccount({ doctor: true, patient: false });
    renderAt(<PatientsPage />);
    await screen.findByTestId('order-card');
    await userEvent.click(screen.getByRole('radio', { name: 'Тиждень' }));
    const today = todayInKyiv();
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/admin-app/registries/self').at(-1)?.params).toMatchObject({
        'date-from': addDays(today, -6),
        'date-to': today,
      }),
    );
    expect(window.localStorage.getItem('lastPatientsDate')).toBe('"week"');

    await userEvent.click(screen.getByRole('radio', { name: 'Свій період' }));
    const range = screen.getByRole('group', { name: 'Свій період' });
    await userEvent.type(within(range).getByLabelText('Від'), '01052025');
    await userEvent.type(within(range).getByLabelText('До'), '31052025');
    await waitFor(() => expect(window.localStorage.getItem('lastPatientsDate')).toBe('"2025-05-01..2025-05-31"'));
  });

  it('says when there are no referrals', async () => {
    serveAccount({ doctor: true, patient: false, orders: [] });
    renderAt(<PatientsPage />);
    expect(await screen.findByText('Направлень не знайдено')).toBeInTheDocument();
  });

  it('groups the loaded referrals by patient, by name', () => {
    expect(patientsOf([referral(1, TKACHENKO), referral(2, SHEVCHUK), referral(3, TKACHENKO)])).toEqual([
      { id: 31, name: 'Ткаченко Сергій', referrals: 2 },
      { id: 32, name: 'Шевчук Марія', referrals: 1 },
    ]);
  });
});
