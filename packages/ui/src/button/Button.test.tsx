import { initI18n, setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from '../error/ErrorState';
import { Button } from './Button';
import { Spinner } from './Spinner';
import '../i18n';

beforeAll(() => {
  initI18n('ua');
});

describe('Button', () => {
  it('is a type=button by default and calls onClick', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Додати</Button>);
    const button = screen.getByRole('button', { name: 'Додати' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy, keeps focus and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Оплатити
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Оплатити' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });
});

describe('Spinner', () => {
  it('announces a localized loading status unless decorative', async () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Завантаження…');
    await act(() => setLocale('ru'));
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    await act(() => setLocale('ua'));
    rerender(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('is an alert with a localized retry button that calls onRetry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<ErrorState title="Не вдалося завантажити кошик" description="Сервер недоступний" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не вдалося завантажити кошик');
    expect(alert).toHaveTextContent('Сервер недоступний');
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no button without onRetry', () => {
    render(<ErrorState title="x" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the failed request for support when the server gave its id, and nothing when not', () => {
    const { unmount } = render(
      <ErrorState title="Сервіс тимчасово недоступний" requestId="1c4d4016-7097-4001-a873-1990d250f429" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Номер запиту для служби підтримки: 1c4d4016-7097-4001-a873-1990d250f429',
    );
    unmount();
    render(<ErrorState title="Немає з’єднання" />);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Номер запиту');
  });
});
