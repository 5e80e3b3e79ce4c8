import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { TOOLTIP_HIDE_DELAY, useHoverOpen } from './useHoverOpen';

/** A header control with its panel, as the shell's stand-in and a remote's control each draw it. */
function Control({ name, handoverKey = 'header-cart' }: { name: string; handoverKey?: string }) {
  const root = useRef<HTMLDivElement>(null);
  const { open, show, hideLater } = useHoverOpen(TOOLTIP_HIDE_DELAY, undefined, { key: handoverKey, root });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a test double of a hover dropdown
    <div ref={root} data-testid={name} onMouseEnter={show} onMouseLeave={hideLater}>
      {open && <section aria-label={`${name} panel`} />}
    </div>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useHoverOpen’s handover', () => {
  it('opens the next control where the one before was left open, before the browser marks it hovered', () => {
    const { rerender } = render(<Control name="stand-in" />);
    fireEvent.mouseEnter(screen.getByTestId('stand-in'));
    expect(screen.getByRole('region', { name: 'stand-in panel' })).toBeInTheDocument();
    rerender(<Control key="live" name="live" />);
    expect(screen.getByRole('region', { name: 'live panel' })).toBeInTheDocument();
  });

  it('closes the panel it took over once the pointer and the focus turn out to be elsewhere', () => {
    const { rerender } = render(<Control name="stand-in" />);
    fireEvent.mouseEnter(screen.getByTestId('stand-in'));
    rerender(<Control key="live" name="live" />);
    act(() => jest.advanceTimersByTime(TOOLTIP_HIDE_DELAY));
    expect(screen.getByRole('region', { name: 'live panel' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TOOLTIP_HIDE_DELAY));
    expect(screen.queryByRole('region', { name: 'live panel' })).not.toBeInTheDocument();
  });

  it('hands over nothing the pointer had already left, nor to a control with another key', () => {
    const { rerender } = render(<Control name="stand-in" />);
    fireEvent.mouseEnter(screen.getByTestId('stand-in'));
    fireEvent.mouseLeave(screen.getByTestId('stand-in'));
    rerender(<Control key="live" name="live" />);
    expect(screen.queryByRole('region', { name: 'live panel' })).not.toBeInTheDocument();

    fireEvent.mouseEnter(screen.getByTestId('live'));
    rerender(<Control key="other" name="other" handoverKey="header-search" />);
    expect(screen.queryByRole('region', { name: 'other panel' })).not.toBeInTheDocument();
  });
});
