import { initI18n, setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import '../../app/i18n';
import { PAGE_FIRST_TIMEOUT_MS, resetPageFirst } from './pageFirst';
import { RemoteSlot } from './RemoteSlot';
import { loadExposed } from './registry';

jest.mock('./registry', () => ({ loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

function CartPage() {
  return <h1>Кошик</h1>;
}

function CartButton() {
  return <button type="button">Кошик (2)</button>;
}

/** A load the test finishes when it wants, like a remote on a slow network. */
function deferredLoad() {
  let finish: (component: () => ReactNode) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<never>((resolve, reject) => {
    finish = (component) => resolve({ default: component } as never);
    fail = reject;
  });
  return { promise, finish, fail };
}

type CartModule = 'CartPage' | 'CheckoutPage' | 'PaymentResultPage';
type CartControl = 'CartButton' | 'UtmCapture';

/**
 * A control and a page of one first render, as the layout mounts them (each test its own modules:
 * a slot keeps what it has loaded for the rest of the visit).
 */
function PageWithHeader({ page, control }: { page: CartModule; control: CartControl }) {
  return (
    <>
      <RemoteSlot remote="mf_cart_checkout" module={control} order="after-page" placeholder={<p>кнопка</p>} />
      <RemoteSlot remote="mf_cart_checkout" module={page} order="page" placeholder={<p>сторінка</p>} />
    </>
  );
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

  describe('the page first, its controls after', () => {
    beforeEach(() => {
      load.mockReset();
      resetPageFirst();
    });

    it('fetches a header control only once the page remote has arrived', async () => {
      const page = deferredLoad();
      load.mockImplementation((_remote, module) =>
        module === 'CheckoutPage' ? page.promise : Promise.resolve({ default: CartButton } as never),
      );
      render(<PageWithHeader page="CheckoutPage" control="CartButton" />);
      expect(screen.getByText('кнопка')).toBeInTheDocument();
      expect(load.mock.calls.map(([, module]) => module)).toEqual(['CheckoutPage']);

      await act(async () => page.finish(CartPage));
      expect(screen.getByRole('heading', { name: 'Кошик' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
      expect(load.mock.calls.map(([, module]) => module)).toEqual(['CheckoutPage', 'CartButton']);
    });

    it('lets the controls load when the page remote fails, and on a page without one', async () => {
      const page = deferredLoad();
      load.mockImplementation((_remote, module) =>
        module === 'PaymentResultPage' ? page.promise : Promise.resolve({ default: CartButton } as never),
      );
      render(<PageWithHeader page="PaymentResultPage" control="UtmCapture" />);
      expect(load).toHaveBeenCalledTimes(1);
      await act(async () => page.fail(new Error('remote down')));
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Цей розділ тимчасово недоступний');
    });

    it("loads the controls at once on a page whose content is the shell's own", async () => {
      load.mockResolvedValue({ default: CartButton } as never);
      render(
        <>
          <RemoteSlot remote="mf_auth" module="AuthModals" order="after-page" />
          <h1>Головна</h1>
        </>,
      );
      expect(await screen.findByRole('button', { name: 'Кошик (2)' })).toBeInTheDocument();
    });

    it('stops waiting for a page remote that never answers', async () => {
      jest.useFakeTimers();
      try {
        load.mockImplementation((remote) =>
          remote === 'mf_catalog' ? new Promise<never>(() => {}) : Promise.resolve({ default: CartButton } as never),
        );
        render(
          <>
            <RemoteSlot remote="mf_account" module="ProfileMenu" order="after-page" />
            <RemoteSlot remote="mf_catalog" module="ServicePage" order="page" placeholder={<p>сторінка</p>} />
          </>,
        );
        expect(load).toHaveBeenCalledTimes(1);
        await act(async () => jest.advanceTimersByTime(PAGE_FIRST_TIMEOUT_MS));
        expect(load.mock.calls.map(([, module]) => module)).toEqual(['ServicePage', 'ProfileMenu']);
        expect(screen.getByText('сторінка')).toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
