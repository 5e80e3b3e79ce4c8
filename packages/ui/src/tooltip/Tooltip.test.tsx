import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOOLTIP_HIDE_DELAY, Tooltip } from './Tooltip';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <>
      <Tooltip content="Вартість виїзду розраховується окремо">
        <button type="button" aria-describedby="own-hint">
          Виїзд
        </button>
      </Tooltip>
      <span id="own-hint">hint</span>
      <button type="button">elsewhere</button>
    </>,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Виїзд' }) };
}

describe('Tooltip', () => {
  it('describes its trigger, keeping the trigger’s own description', () => {
    const { trigger } = setup();
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(trigger.getAttribute('aria-describedby')).toBe(`own-hint ${tooltip.id}`);
    expect(trigger).toHaveAccessibleDescription('hint Вартість виїзду розраховується окремо');
    expect(tooltip).not.toBeVisible();
  });

  it('shows on hover and hides 250 ms after the pointer leaves', async () => {
    const { user, trigger } = setup();
    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.unhover(trigger);
    act(() => jest.advanceTimersByTime(TOOLTIP_HIDE_DELAY - 1));
    expect(screen.getByRole('tooltip')).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(TOOLTIP_HIDE_DELAY).toBe(250);
  });

  it('stays when the pointer comes back within the delay', async () => {
    const { user, trigger } = setup();
    await user.hover(trigger);
    await user.unhover(trigger);
    act(() => jest.advanceTimersByTime(200));
    await user.hover(trigger);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeVisible();
  });

  it('shows on keyboard focus, hides after blur with the same delay, and Escape hides at once', async () => {
    const { user } = setup();
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    act(() => jest.advanceTimersByTime(250));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
