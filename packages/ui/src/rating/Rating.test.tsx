import { setLocale } from '@lab/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../i18n';
import { Rating } from './Rating';

function Controlled({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Rating label="Оцініть візит" value={value} onChange={setValue} />
      <span data-testid="value">{value}</span>
    </>
  );
}

afterEach(async () => {
  await act(() => setLocale('ua'));
});

describe('Rating', () => {
  it('is a labelled radio group of five stars named with plural forms', () => {
    render(<Controlled />);
    const group = screen.getByRole('radiogroup', { name: 'Оцініть візит' });
    const radios = screen.getAllByRole('radio');
    expect(group).toContainElement(radios[0] as HTMLElement);
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 зірка' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '3 зірки' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 зірок' })).toBeInTheDocument();
  });

  it('rates by click and moves with the arrow keys, checking as it goes', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('radio', { name: '3 зірки' }));
    expect(screen.getByTestId('value')).toHaveTextContent('3');
    expect(screen.getByRole('radio', { name: '3 зірки' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('4');
    expect(screen.getByRole('radio', { name: '4 зірки' })).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    expect(screen.getByRole('radio', { name: '2 зірки' })).toHaveFocus();
  });

  it('is one tab stop: the checked star', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <Controlled initial={4} />
        <button type="button">after</button>
      </>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(screen.getByRole('radio', { name: '4 зірки' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('read-only shows the value as one image', async () => {
    render(<Rating label="Оцінка" value={4} readOnly />);
    expect(screen.getByRole('img', { name: 'Оцінка 4 з 5' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await act(() => setLocale('ru'));
    expect(screen.getByRole('img', { name: 'Оценка 4 из 5' })).toBeInTheDocument();
  });
});
