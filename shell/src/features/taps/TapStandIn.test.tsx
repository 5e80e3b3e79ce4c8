import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n';
import { TapStandIn } from './TapStandIn';

const width = window.innerWidth;
const setViewportWidth = (value: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value });
  window.dispatchEvent(new Event('resize'));
};

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
});
afterEach(() => setViewportWidth(width));

const renderCart = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <TapStandIn control="cart" />
    </MemoryRouter>,
  );

describe('the header cart before its code arrives', () => {
  it('opens the cart dropdown with skeleton rows on hover, as the cart does while it loads', async () => {
    setViewportWidth(1280);
    renderCart();
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'Кошик' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.hover(link);
    const panel = screen.getByRole('region', { name: 'Вміст кошика' });
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByTestId('preview-skeleton')).toHaveLength(3);
    expect(within(panel).getByText('Завантаження кошика…')).toBeInTheDocument();
  });

  it('opens it for the keyboard too, closes it on Escape, and the link still goes to the cart', async () => {
    setViewportWidth(1280);
    renderCart();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Кошик' })).toHaveAttribute('href', '/cart');
    const panel = screen.getByRole('region', { name: 'Вміст кошика' });
    expect(within(panel).getAllByTestId('preview-skeleton')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Вміст кошика' })).not.toBeInTheDocument();
  });
});
