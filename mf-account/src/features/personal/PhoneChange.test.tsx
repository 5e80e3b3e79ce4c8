import { MESSAGE_DURATION_MS } from '@lab/ui';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, ok, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { PersonalPageOfAccount } from './PersonalPageOfAccount';

beforeAll(setUpI18n);
afterEach(resetBrowserState);

const CANDIDATE_URL = '/patient/patients/self/candidates/phone';

describe('the phone change resend countdown (docs/product.md#sign-in)', () => {
  afterEach(() => jest.useRealTimers());

  it('counts down from timeToNextSend in whole seconds, then resends and restarts', async () => {
    jest.useFakeTimers();
    const waits = [2_500, 60_000];
    const requests = serveAccount({
      handle: (request) =>
        request.url === CANDIDATE_URL ? ok({ id: `c${waits.length}`, timeToNextSend: waits.shift() ?? 0 }) : undefined,
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(<PersonalPageOfAccount />);
    await user.click(await screen.findByRole('button', { name: 'Змінити номер' }));
    await user.type(screen.getByLabelText('Новий номер телефону'), '671112233');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));

    expect(await screen.findByText('Надіслати код повторно можна через 3 с')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Надіслати код ще раз' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByText('Надіслати код повторно можна через 2 с')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Надіслати код повторно можна через 1 с')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Код з SMS'), '12');
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText(/Надіслати код повторно можна/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Надіслати код ще раз' }));
    expect(await screen.findByText('Надіслати код повторно можна через 60 с')).toBeInTheDocument();
    expect(screen.getByText('Новий код надіслано')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Надіслати код ще раз' })).not.toBeInTheDocument();
    // the old code is void: the field is empty and ready for the new one
    expect(screen.getByLabelText('Код з SMS')).toHaveValue('');
    expect(screen.getByLabelText('Код з SMS')).toHaveFocus();
    const sent = requests.filter((request) => request.url === CANDIDATE_URL);
    expect(sent.map((request) => bodyOf(request))).toEqual([{ phone: '+380671112233' }, { phone: '+380671112233' }]);
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Надіслати код повторно можна через 59 с')).toBeInTheDocument();
  });

  it("shows the server's refusal of a resend for 3 s (docs/product.md#errors), keeps the typed code and the link", async () => {
    jest.useFakeTimers();
    let calls = 0;
    serveAccount({
      handle: (request) => {
        if (request.url !== CANDIDATE_URL) return undefined;
        calls += 1;
        return calls === 1
          ? ok({ id: 'c1', timeToNextSend: 0 })
          : { status: 429, data: { code: 'auth-rate-limited', message: 'Забагато спроб. Спробуйте пізніше.' } };
      },
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(<PersonalPageOfAccount />);
    await user.click(await screen.findByRole('button', { name: 'Змінити номер' }));
    await user.type(screen.getByLabelText('Новий номер телефону'), '671112233');
    await user.click(screen.getByRole('button', { name: 'Отримати код' }));
    await user.type(await screen.findByLabelText('Код з SMS'), '12');
    await user.click(await screen.findByRole('button', { name: 'Надіслати код ще раз' }));
    expect(await screen.findByText('Забагато спроб. Спробуйте пізніше.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Надіслати код ще раз' })).toBeInTheDocument();
    expect(screen.getByLabelText('Код з SMS')).toHaveValue('12');
    act(() => jest.advanceTimersByTime(MESSAGE_DURATION_MS));
    expect(screen.queryByText('Забагато спроб. Спробуйте пізніше.')).not.toBeInTheDocument();
  });
});
