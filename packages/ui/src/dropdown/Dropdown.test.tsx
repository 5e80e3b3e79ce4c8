import { setLocale } from '@lab/i18n';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../i18n';
import { Modal } from '../modal/Modal';
import { Dropdown, type DropdownMultipleProps, type DropdownSingleProps } from './Dropdown';
import { type DropdownOption, typeaheadIndex } from './options';

const cities: DropdownOption[] = [
  { value: 'kyiv', label: 'Київ' },
  { value: 'lviv', label: 'Львів' },
  { value: 'lutsk', label: 'Луцьк' },
  { value: 'odesa', label: 'Одеса' },
  { value: 'kharkiv', label: 'Харків', disabled: true },
];

type SingleExtra = Partial<Omit<DropdownSingleProps, 'value' | 'onChange' | 'multiple'>>;
type MultipleExtra = Partial<Omit<DropdownMultipleProps, 'value' | 'onChange' | 'multiple'>>;

function Single({
  initial = null,
  onChange,
  ...rest
}: SingleExtra & { initial?: string | null; onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Dropdown
      label="Місто"
      options={cities}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function Multiple({ initial = [], ...rest }: MultipleExtra & { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <Dropdown multiple label="Міста" options={cities} {...rest} value={value} onChange={setValue} />
      <span data-testid="value">{value.join(',')}</span>
    </>
  );
}

const combobox = () => screen.getByRole('combobox');
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('Dropdown: ARIA combobox pattern', () => {
  it('labels the combobox and its listbox, and tells expanded and the active option', async () => {
    const user = userEvent.setup();
    render(<Single />);
    const field = screen.getByRole('combobox', { name: 'Місто' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Місто' });
    expect(field).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    expect(activeOption()).toHaveTextContent('Київ');
    expect(screen.getByRole('option', { name: 'Харків' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Київ' })).toHaveAttribute('aria-selected', 'false');
  });

  it('keeps the list height at 300 px and options at 40 px by default', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '300px' });
    expect(screen.getAllByRole('option')[0]).toHaveStyle({ minHeight: '40px' });
  });
});

describe('Dropdown: keyboard', () => {
  it('opens with ArrowDown, moves with the arrows, Home and End, selects with Enter and closes', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Single onChange={onChange} />);
    combobox().focus();
    await user.keyboard('{ArrowDown}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('Київ');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Луцьк');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('Львів');
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('Харків');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Харків');
    await user.keyboard('{Home}');
    expect(activeOption()).toHaveTextContent('Київ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('lviv');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveValue('Львів');
    expect(combobox()).toHaveFocus();
  });

  it('reopens on the selected option, marked selected', async () => {
    const user = userEvent.setup();
    render(<Single initial="odesa" />);
    combobox().focus();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Одеса');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  it('does not select a disabled option', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Single onChange={onChange} />);
    combobox().focus();
    await user.keyboard('{ArrowDown}{End}{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes with Escape without selecting, and a surrounding dialog stays open', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const onChange = jest.fn();
    render(
      <Modal open title="Місто" onClose={onClose}>
        <Single onChange={onChange} />
      </Modal>,
    );
    await user.click(combobox());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when focus leaves with Tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Single />
        <button type="button">next</button>
      </>,
    );
    await user.click(combobox());
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('type-ahead in a select-only dropdown: prefix, repeated letter cycles, resets after a pause', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const onChange = jest.fn();
      render(<Single searchable={false} onChange={onChange} />);
      const field = combobox();
      expect(field.tagName).toBe('DIV');
      field.focus();
      await user.keyboard('л');
      expect(field).toHaveAttribute('aria-expanded', 'true');
      expect(activeOption()).toHaveTextContent('Львів');
      await user.keyboard('л');
      expect(activeOption()).toHaveTextContent('Луцьк');
      act(() => jest.advanceTimersByTime(600));
      await user.keyboard('од');
      expect(activeOption()).toHaveTextContent('Одеса');
      act(() => jest.advanceTimersByTime(600));
      await user.keyboard(' ');
      expect(onChange).toHaveBeenLastCalledWith('odesa');
      expect(field).toHaveTextContent('Одеса');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a select-only dropdown opens with Enter and Space and is named by its label', async () => {
    const user = userEvent.setup();
    render(<Single searchable={false} />);
    const field = screen.getByRole('combobox', { name: 'Місто' });
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    field.focus();
    await user.keyboard('{Enter}');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape} ');
    expect(field).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Dropdown: search and messages', () => {
  it('filters by a case-insensitive substring and shows the no-match message', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.type(combobox(), 'ЛЬВ');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option', { name: 'Львів' })).toBeInTheDocument();
    await user.clear(combobox());
    await user.type(combobox(), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Нічого не знайдено. Спробуйте змінити пошуковий запит.');
  });

  it('shows the empty-list message, translated in ru', async () => {
    const user = userEvent.setup();
    await act(() => setLocale('ru'));
    render(<Single options={[]} />);
    await user.click(combobox());
    expect(screen.getByRole('status')).toHaveTextContent('Список пуст.');
  });

  it('shows the Enter hints on the active option and "selected" on the chosen one', async () => {
    const user = userEvent.setup();
    render(<Multiple initial={['kyiv']} />);
    await user.click(combobox());
    expect(screen.getByRole('option', { name: /Київ/ })).toHaveTextContent('Натисніть Enter, щоб прибрати');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Київ/ })).toHaveTextContent('Вибрано');
    expect(screen.getByRole('option', { name: /Львів/ })).toHaveTextContent('Натисніть Enter, щоб вибрати');
  });

  it('renders at most 1000 options of a longer list', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 1500 }, (_, i) => ({ value: String(i), label: `Аналіз ${i}` }));
    render(<Single options={many} />);
    await user.click(combobox());
    expect(screen.getAllByRole('option')).toHaveLength(1000);
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('Аналіз 999');
    // the list scrolled so that the last option (40 px each) is in view of the 300 px list
    expect(screen.getByRole('listbox').scrollTop).toBe(999 * 40 + 40 - 300);
  });

  it('respects a smaller options limit', async () => {
    const user = userEvent.setup();
    render(<Single optionsLimit={2} />);
    await user.click(combobox());
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});

describe('Dropdown: multiple', () => {
  it('toggles options with Enter, keeps the list open and marks the listbox multiselectable', async () => {
    const user = userEvent.setup();
    render(<Multiple />);
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('kyiv,lviv');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Home}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^lviv$/);
  });

  it('clears the search after a pick and removes the last tag with Backspace', async () => {
    const user = userEvent.setup();
    render(<Multiple />);
    await user.type(combobox(), 'оде{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('odesa');
    expect(combobox()).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });

  it('removes a tag with its button and gives focus back to the field', async () => {
    const user = userEvent.setup();
    render(<Multiple initial={['kyiv', 'odesa']} />);
    await user.click(screen.getByRole('button', { name: 'Прибрати: Київ' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^odesa$/);
    expect(combobox()).toHaveFocus();
  });

  it('shows the first tags and "and N more" for the rest', () => {
    render(<Multiple initial={['kyiv', 'lviv', 'lutsk', 'odesa']} visibleItemsLimit={2} />);
    expect(screen.getAllByRole('button', { name: /Прибрати/ })).toHaveLength(2);
    expect(screen.getByText('і ще 2')).toBeInTheDocument();
  });

  it('at the maximum disables the other options and says how to choose another', async () => {
    const user = userEvent.setup();
    render(<Multiple initial={['kyiv', 'lviv']} max={2} />);
    await user.click(combobox());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Вибрано максимум 2 варіанти. Спершу приберіть вибраний варіант, щоб вибрати інший.',
    );
    expect(screen.getByRole('option', { name: 'Одеса' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{End}{ArrowUp}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('kyiv,lviv');
    // removing one frees a place
    await user.keyboard('{Home}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^lviv$/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('option', { name: 'Одеса' })).not.toHaveAttribute('aria-disabled');
  });

  it('phrases the maximum with the right plural form in ru', async () => {
    const user = userEvent.setup();
    await act(() => setLocale('ru'));
    render(<Multiple initial={['kyiv', 'lviv', 'lutsk', 'odesa', 'kharkiv']} max={5} />);
    await user.click(combobox());
    expect(screen.getByRole('status')).toHaveTextContent('Выбрано максимум 5 вариантов.');
  });
});

describe('typeaheadIndex', () => {
  it('finds the next match after the current option and wraps', () => {
    expect(typeaheadIndex(cities, 'л', 1)).toBe(2);
    expect(typeaheadIndex(cities, 'л', 2)).toBe(1);
    expect(typeaheadIndex(cities, 'лу', 2)).toBe(2);
    expect(typeaheadIndex(cities, 'х', -1)).toBe(4);
    expect(typeaheadIndex(cities, 'я', 0)).toBe(-1);
  });
});
