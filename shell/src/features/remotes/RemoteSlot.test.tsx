import { initI18n, setLocale } from '@lab/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n';
import { RemoteSlot } from './RemoteSlot';
import { loadExposed } from './registry';

jest.mock('./registry', () => ({ loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

function CartPage() {
  return <h1>Кошик</h1>;
}

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteSlot', () => {
  it('shows the placeholder, then the remote component', async () => {
    load.mockResolvedValueOnce({ default: CartPage } as never);
    render(<RemoteSlot remote="mf_cart_checkout" module="CartPage" placeholder={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_cart_checkout', 'CartPage', false);
  });

  it('confines a failed load to a localized fallback whose retry loads again, forcing re-registration', async () => {
    load.mockReset();
    load.mockRejectedValueOnce(new Error('remote down')).mockResolvedValueOnce({ default: CartPage } as never);
    render(
      <>
        <p>rest of the page</p>
        <RemoteSlot remote="mf_account" module="AccountPage" />
      </>,
    );
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Цей розділ тимчасово недоступний');
    expect(screen.getByText('rest of the page')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_account', 'AccountPage', true);
  });

  it('uses the short fallback in compact (header) slots and in ru', async () => {
    load.mockReset();
    load.mockRejectedValue(new Error('remote down'));
    await setLocale('ru');
    render(<RemoteSlot remote="mf_catalog" module="SearchButton" variant="compact" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Недоступно');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    await setLocale('ua');
  });
});
