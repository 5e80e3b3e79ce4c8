import { setLocale } from '@lab/i18n';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../i18n';
import { Calendar } from './Calendar';
import { DatePicker } from './DatePicker';
import { DateRangePicker, type DateRangeValue, pickRangeDate } from './DateRangePicker';

const TODAY = '2026-11-22';
/** A day cell by the end of its name: '6 листопада' does not match 16 or 26 листопада. */
const cell = (date: string) => screen.getByRole('gridcell', { name: new RegExp(`(^|, )${date}`) });

function Picker({ max }: { max?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <DatePicker label="Дата" value={value} onChange={setValue} today={TODAY} max={max} />
      <span data-testid="value">{value}</span>
    </>
  );
}

function Range() {
  const [value, setValue] = useState<DateRangeValue>({ start: '', end: '' });
  return (
    <>
      <DateRangePicker label="Період" value={value} onChange={setValue} today={TODAY} max={TODAY} />
      <span data-testid="value">{`${value.start}..${value.end}`}</span>
    </>
  );
}

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('Calendar grid', () => {
  it('starts the week on Monday in ua, with full weekday names as abbr', () => {
    render(<Calendar today={TODAY} onSelect={() => {}} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд']);
    expect(headers[0]).toHaveAttribute('abbr', 'понеділок');
    // November 2026 starts on a Sunday: six empty cells before the 1st
    const firstRow = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getAllByRole('gridcell').at(-1)).toHaveTextContent('1');
  });

  it('names the grid by month and year and each day by its full date; marks today', () => {
    render(<Calendar today={TODAY} value="2026-11-05" onSelect={() => {}} />);
    expect(screen.getByRole('grid', { name: 'Листопад 2026' })).toBeInTheDocument();
    expect(cell('четвер, 5 листопада 2026 р.')).toHaveAttribute('aria-selected', 'true');
    expect(cell('22 листопада')).toHaveAttribute('aria-current', 'date');
    expect(cell('6 листопада')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('combobox', { name: 'Місяць' })).toHaveValue('11');
    expect(screen.getByRole('combobox', { name: 'Рік' })).toHaveValue('2026');
  });

  it('is in Russian in ru', async () => {
    await act(() => setLocale('ru'));
    render(<Calendar today={TODAY} onSelect={() => {}} />);
    expect(screen.getByRole('grid', { name: 'Ноябрь 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Пн');
  });

  it('moves focus with arrows, Home/End and PageUp/PageDown; one cell is the tab stop', async () => {
    const user = userEvent.setup();
    render(<Calendar today={TODAY} value="2026-11-18" autoFocus onSelect={() => {}} />);
    expect(cell('18 листопада')).toHaveFocus();
    expect(cell('18 листопада')).toHaveAttribute('tabindex', '0');
    expect(cell('19 листопада')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(cell('19 листопада')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('26 листопада')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(cell('18 листопада')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('понеділок, 16 листопада')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('неділя, 22 листопада')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'Грудень 2026' })).toBeInTheDocument();
    expect(cell('22 грудня 2026')).toHaveFocus();
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(cell('22 грудня 2025')).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(cell('22 листопада 2025')).toHaveFocus();
  });

  it('crosses month ends with the arrows', async () => {
    const user = userEvent.setup();
    render(<Calendar today={TODAY} value="2026-11-30" autoFocus onSelect={() => {}} />);
    await user.keyboard('{ArrowRight}');
    expect(cell('1 грудня 2026')).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'Грудень 2026' })).toBeInTheDocument();
  });

  it('picks with Enter, Space or a click, but never a disabled day after max', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Calendar today={TODAY} max={TODAY} value="2026-11-21" autoFocus onSelect={onSelect} />);
    expect(cell('23 листопада')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('22 листопада')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Наступний місяць' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-21');
    await user.keyboard('{ArrowRight} ');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-22');
    await user.keyboard('{ArrowRight}{Enter}');
    expect(cell('23 листопада')).toHaveFocus();
    expect(onSelect).toHaveBeenCalledTimes(2);
    await user.click(cell('25 листопада'));
    expect(onSelect).toHaveBeenCalledTimes(2);
    await user.click(cell('2 листопада'));
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-02');
  });

  it('opens at max when there is no value and today is after it (birth date)', () => {
    render(<Calendar today={TODAY} max="2008-11-22" onSelect={() => {}} />);
    expect(cell('22 листопада 2008')).toHaveAttribute('tabindex', '0');
  });

  it('changes month and year with the buttons and selects', async () => {
    const user = userEvent.setup();
    render(<Calendar today={TODAY} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Попередній місяць' }));
    expect(screen.getByRole('grid', { name: 'Жовтень 2026' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Рік' }), '1990');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Місяць' }), '5');
    expect(screen.getByRole('grid', { name: 'Травень 1990' })).toBeInTheDocument();
  });
});

describe('DatePicker', () => {
  it('opens a labelled dialog on the chosen day, picks with Enter and returns focus', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const button = screen.getByRole('button', { name: 'Вибрати дату в календарі' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Календар' })).toBeInTheDocument();
    expect(cell('22 листопада 2026')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-21');
    expect(screen.getByRole('textbox', { name: 'Дата' })).toHaveValue('21.11.2026');
    expect(button).toHaveFocus();
  });

  it('OK takes the focused day; Escape and Cancel change nothing', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const button = screen.getByRole('button', { name: 'Вибрати дату в календарі' });
    await user.click(button);
    await user.keyboard('{ArrowUp}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    await user.click(button);
    await user.keyboard('{ArrowUp}');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-15');
  });
});

describe('DateRangePicker', () => {
  it('orders the two picks', () => {
    expect(pickRangeDate({ start: null, end: null }, '2026-11-10')).toEqual({ start: '2026-11-10', end: null });
    expect(pickRangeDate({ start: '2026-11-10', end: null }, '2026-11-03')).toEqual({
      start: '2026-11-03',
      end: '2026-11-10',
    });
    expect(pickRangeDate({ start: '2026-11-03', end: '2026-11-10' }, '2026-11-12')).toEqual({
      start: '2026-11-12',
      end: null,
    });
  });

  it('is a group of two labelled date fields', () => {
    render(<Range />);
    const group = screen.getByRole('group', { name: 'Період' });
    expect(within(group).getByRole('textbox', { name: 'Від' })).toBeInTheDocument();
    expect(within(group).getByRole('textbox', { name: 'До' })).toBeInTheDocument();
  });

  it('picks start and end in the calendar, marks the days between and applies them with OK', async () => {
    const user = userEvent.setup();
    render(<Range />);
    await user.click(screen.getByRole('button', { name: 'Вибрати дату в календарі' }));
    expect(screen.getByRole('dialog', { name: 'Період' })).toHaveTextContent('Виберіть початкову дату');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('dialog')).toHaveTextContent('Виберіть кінцеву дату');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    expect(cell('15 листопада')).toHaveAttribute('aria-selected', 'true');
    expect(cell('16 листопада')).toHaveAttribute('aria-selected', 'true');
    expect(cell('18 листопада')).toHaveAttribute('aria-selected', 'true');
    expect(cell('19 листопада')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByTestId('value')).toHaveTextContent(/^\.\.$/);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-15..2026-11-18');
    expect(screen.getByRole('textbox', { name: 'Від' })).toHaveValue('15.11.2026');
    expect(screen.getByRole('textbox', { name: 'До' })).toHaveValue('18.11.2026');
  });

  it('bounds the typed ends by each other', async () => {
    const user = userEvent.setup();
    render(<Range />);
    await user.type(screen.getByRole('textbox', { name: 'Від' }), '10112026');
    await user.type(screen.getByRole('textbox', { name: 'До' }), '09112026');
    expect(screen.getByRole('textbox', { name: 'До' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-10..');
  });
});
