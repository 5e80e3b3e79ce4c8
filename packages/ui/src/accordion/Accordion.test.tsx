import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { Accordion, type AccordionItem } from './Accordion';

const items: AccordionItem[] = [
  { id: 'about', title: 'Про нас', content: 'about text' },
  { id: 'patients', title: 'Пацієнтам', content: 'patients text' },
  { id: 'doctors', title: 'Лікарям', content: 'doctors text' },
];

const header = (name: string) => screen.getByRole('button', { name });
const originalWidth = window.innerWidth;

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

afterEach(() => {
  setWidth(originalWidth);
});

describe('Accordion', () => {
  it('follows the WAI-ARIA pattern: headings, aria-expanded, aria-controls, labelled regions', () => {
    render(<Accordion items={items} headingLevel={2} defaultOpenIds={['about']} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    const button = header('Про нас');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Про нас' });
    expect(button).toHaveAttribute('aria-controls', region.id);
    expect(region).toHaveTextContent('about text');
    expect(header('Пацієнтам')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('patients text')).not.toBeVisible();
  });

  it('in accordion mode opening one closes the others', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    render(<Accordion items={items} accordionMode onToggle={onToggle} />);
    await user.click(header('Про нас'));
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
    await user.click(header('Пацієнтам'));
    expect(header('Пацієнтам')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('about text')).not.toBeVisible();
    await user.click(header('Пацієнтам'));
    expect(header('Пацієнтам')).toHaveAttribute('aria-expanded', 'false');
    expect(onToggle.mock.calls).toEqual([
      ['about', true],
      ['patients', true],
      ['patients', false],
    ]);
  });

  it('without accordion mode keeps several open', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(header('Про нас'));
    await user.click(header('Лікарям'));
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Лікарям')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('about text')).toBeVisible();
    expect(screen.getByText('doctors text')).toBeVisible();
  });

  it('toggles with Enter and Space', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    header('Про нас').focus();
    await user.keyboard('{Enter}');
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves focus between headers with ArrowDown/ArrowUp (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    header('Про нас').focus();
    await user.keyboard('{ArrowDown}');
    expect(header('Пацієнтам')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(header('Про нас')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(header('Лікарям')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(header('Про нас')).toHaveFocus();
    await user.keyboard('{End}');
    expect(header('Лікарям')).toHaveFocus();
  });

  it('keeps every item open and not toggleable above 1024 px (innerWidth 1280)', async () => {
    const user = userEvent.setup();
    setWidth(1280);
    render(<Accordion items={items} accordionMode alwaysOpenAbove={1024} />);
    for (const item of items) {
      expect(header(item.title as string)).toHaveAttribute('aria-expanded', 'true');
      expect(header(item.title as string)).toHaveAttribute('aria-disabled', 'true');
    }
    await user.click(header('Про нас'));
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('patients text')).toBeVisible();
  });

  it('becomes toggleable again when the window shrinks to 1024 or below', () => {
    setWidth(1280);
    render(<Accordion items={items} alwaysOpenAbove={1024} />);
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      setWidth(1024);
      window.dispatchEvent(new Event('resize'));
    });
    expect(header('Про нас')).toHaveAttribute('aria-expanded', 'false');
    expect(header('Про нас')).not.toHaveAttribute('aria-disabled');
  });

  it('uses matchMedia when the browser has it', () => {
    const listeners: Array<() => void> = [];
    let matches = true;
    const matchMedia = jest.fn((query: string) => ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    try {
      render(<Accordion items={items} alwaysOpenAbove={1024} />);
      expect(matchMedia).toHaveBeenCalledWith('(min-width: 1025px)');
      expect(header('Про нас')).toHaveAttribute('aria-expanded', 'true');
      act(() => {
        matches = false;
        for (const listener of listeners) listener();
      });
      expect(header('Про нас')).toHaveAttribute('aria-expanded', 'false');
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });
});
