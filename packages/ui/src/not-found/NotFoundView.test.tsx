import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { act, render, screen } from '@testing-library/react';
import { NotFoundView } from './NotFoundView';
import '../i18n';

beforeAll(() => {
  initI18n('ua');
});

afterEach(async () => {
  await act(() => setLocale('ua'));
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NotFoundView
        title="Сторінку не знайдено"
        text="Перевірте адресу."
        links={[
          { to: '/account', label: 'До особистого кабінету' },
          { to: '/', label: 'На головну' },
        ]}
        testId="account-not-found"
      />
    </MemoryRouter>,
  );
}

describe('NotFoundView', () => {
  it('is a region named by its heading, with the ways out as links of the current language', async () => {
    renderAt('/ru/account/nowhere');
    await act(() => setLocale('ru'));
    const region = screen.getByRole('region', { name: 'Сторінку не знайдено' });
    expect(region).toHaveAttribute('data-testid', 'account-not-found');
    expect(screen.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeInTheDocument();
    expect(screen.getByText('Перевірте адресу.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До особистого кабінету' })).toHaveAttribute('href', '/ru/account');
    expect(screen.getByRole('link', { name: 'На головну' })).toHaveAttribute('href', '/ru');
  });

  it('hides the large 404 from screen readers: the heading says it', () => {
    renderAt('/nowhere');
    expect(screen.getByText('404')).toHaveAttribute('aria-hidden', 'true');
  });
});
