import { setLocale } from '@lab/i18n';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n';
import { TOAST_DURATION, ToastProvider, useToast } from './ToastProvider';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show('Додано до кошика')}>
        info
      </button>
      <button type="button" onClick={() => toast.show('Помилка при оплаті', { tone: 'error' })}>
        error
      </button>
      <button type="button" onClick={() => toast.show('Збережено', { tone: 'success', duration: 0 })}>
        sticky
      </button>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(async () => {
  jest.useRealTimers();
  await act(() => setLocale('ua'));
});

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  return user;
}

describe('Toast', () => {
  it('keeps its live regions in the page before any message', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Сповіщення' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows a message politely and removes it after 3 seconds (docs/product.md#constants)', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByRole('status')).toHaveTextContent('Додано до кошика');
    act(() => jest.advanceTimersByTime(TOAST_DURATION - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Додано до кошика');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(TOAST_DURATION).toBe(3000);
  });

  it('announces errors as alerts, and each message has its own timer', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'info' }));
    act(() => jest.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Помилка при оплаті');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toHaveTextContent('Помилка при оплаті');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('closes with its button and can stay until closed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'sticky' }));
    act(() => jest.advanceTimersByTime(10_000));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Збережено');
    await user.click(within(status).getByRole('button', { name: 'Закрити' }));
    expect(status).toBeEmptyDOMElement();
  });

  it('needs a provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Buttons />)).toThrow('useToast needs a <ToastProvider> above it');
    } finally {
      spy.mockRestore();
    }
  });
});
