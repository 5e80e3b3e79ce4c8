import { setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../i18n';
import { maxBirthDateForAge } from '../format/date';
import { DateInput, type DateInputProps } from './DateInput';

type Extra = Partial<Omit<DateInputProps, 'value' | 'onChange'>>;

function Field({ initial = '', onValue, ...rest }: Extra & { initial?: string; onValue?: jest.Mock }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        label="Дата народження"
        {...rest}
        value={value}
        onChange={(next, change) => {
          setValue(next);
          onValue?.(next, change);
        }}
      />
      <span data-testid="value">{value}</span>
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
      <button type="button" onClick={() => setValue('1990-05-17')}>
        set
      </button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Дата народження' });

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('DateInput', () => {
  it('masks DD.MM.YYYY as typed and emits YYYY-MM-DD once complete', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Field onValue={onValue} />);
    expect(input()).toHaveAttribute('placeholder', 'ДД.ММ.РРРР');
    expect(input()).toHaveAttribute('inputmode', 'numeric');
    await user.type(input(), '2902');
    expect(input()).toHaveValue('29.02');
    expect(onValue).toHaveBeenLastCalledWith('', { text: '29.02', error: null });
    await user.type(input(), '20245');
    expect(input()).toHaveValue('29.02.2024');
    expect(onValue).toHaveBeenLastCalledWith('2024-02-29', { text: '29.02.2024', error: null });
    expect(screen.getByTestId('value')).toHaveTextContent('2024-02-29');
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it('says Invalid Date for an impossible day, linked by aria-describedby, and clears it on edit', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Field onValue={onValue} />);
    await user.type(input(), '29022023');
    expect(onValue).toHaveBeenLastCalledWith('', { text: '29.02.2023', error: 'invalid' });
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Некоректна дата');
    expect(input()).toHaveAccessibleDescription('Некоректна дата');
    await user.type(input(), '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it('says Invalid Date in ru too', async () => {
    const user = userEvent.setup();
    await act(() => setLocale('ru'));
    render(<Field />);
    expect(input()).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
    await user.type(input(), '31042024');
    expect(screen.getByRole('alert')).toHaveTextContent('Некорректная дата');
  });

  it('marks an unfinished date invalid only after leaving the field', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Field onValue={onValue} />);
    await user.type(input(), '1203');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Некоректна дата');
    expect(onValue).toHaveBeenLastCalledWith('', { text: '12.03', error: 'invalid' });
  });

  it('applies min and max: the sign-up bound "not after today minus 18 years" is itself allowed', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    const max = maxBirthDateForAge(18, '2026-11-22');
    render(<Field onValue={onValue} min="1900-01-02" max={max} />);
    await user.type(input(), '23112008');
    expect(onValue).toHaveBeenLastCalledWith('', { text: '23.11.2008', error: 'afterMax' });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(input());
    await user.type(input(), '22112008');
    expect(onValue).toHaveBeenLastCalledWith('2008-11-22', { text: '22.11.2008', error: null });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(input());
    await user.type(input(), '01011900');
    expect(onValue).toHaveBeenLastCalledWith('', { text: '01.01.1900', error: 'beforeMin' });
  });

  it('follows a value set from outside and a reset', async () => {
    const user = userEvent.setup();
    render(<Field initial="2024-02-29" />);
    expect(input()).toHaveValue('29.02.2024');
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(input()).toHaveValue('17.05.1990');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(input()).toHaveValue('');
  });

  it('shows the form’s own message instead of the built-in one', () => {
    render(<Field error="Обовʼязкове поле" />);
    expect(input()).toHaveAccessibleDescription('Обовʼязкове поле');
  });
});
