import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ControlsCatalogue } from './Catalogue';

const TODAY = '2026-11-22';

// axe probes a canvas for icon ligatures; jsdom has none and would log "not implemented".
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterAll(() => {
  jest.restoreAllMocks();
});

/** Serious and critical findings; color-contrast is off because jsdom computes no styles for it. */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}

describe('ControlsCatalogue', () => {
  it('shows every control', () => {
    render(<ControlsCatalogue today={TODAY} />);
    for (const name of ['Місто', 'Сортування', 'Аналізи', 'Порівняти аналізи', 'Відділення']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('і ще 1')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Дата аналізу' })).toHaveValue('17.05.1990');
    expect(screen.getByRole('group', { name: 'Період замовлень' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Листопад 2026' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Оцініть візит' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Оцінка 4 з 5' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Кошик: 12' })).toHaveTextContent('9+');
    expect(screen.getByRole('img', { name: 'Приклад для бота' })).toBeInTheDocument();
    expect(screen.getByText(/1 000 000 грн/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Сповіщення' })).toBeInTheDocument();
  });

  it('has no serious or critical axe violations', async () => {
    const { container } = render(<ControlsCatalogue today={TODAY} />);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has none with a dropdown, a date picker and a toast open', async () => {
    const user = userEvent.setup();
    const { container } = render(<ControlsCatalogue today={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('combobox', { name: 'Порівняти аналізи' }));
    expect(screen.getByRole('listbox', { name: 'Порівняти аналізи' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    await user.keyboard('{Escape}');
    const [birthDateButton] = screen.getAllByRole('button', { name: 'Вибрати дату в календарі' });
    await user.click(birthDateButton as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Календар' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
