import { initI18n } from '@lab/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Sidebar, type SidebarProps } from './Sidebar';
import '../i18n';

beforeAll(() => {
  initI18n('ua');
});

afterEach(() => {
  document.body.style.overflow = '';
});

function Menu(props: Omit<SidebarProps, 'open' | 'onClose' | 'label'> & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        burger
      </button>
      <Sidebar
        {...props}
        open={open}
        label="Меню"
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <a href="/analyzes">analyses</a>
        <a href="/contacts">contacts</a>
      </Sidebar>
    </>
  );
}

describe('Sidebar', () => {
  it('is a labelled modal dialog only while open', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'burger' }));
    expect(screen.getByRole('dialog', { name: 'Меню' })).toHaveAttribute('aria-modal', 'true');
  });

  it('with an overlay locks body scroll and restores the previous value on close', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'scroll';
    render(<Menu overlay />);
    await user.click(screen.getByRole('button', { name: 'burger' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('closes on an overlay click', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Menu overlay onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'burger' }));
    await user.click(screen.getByTestId('sidebar-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('without an overlay neither renders one nor locks scrolling', async () => {
    const user = userEvent.setup();
    render(<Menu position="full" />);
    await user.click(screen.getByRole('button', { name: 'burger' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('traps Tab inside, closes on Escape and returns focus to the burger', async () => {
    const user = userEvent.setup();
    render(<Menu overlay />);
    const burger = screen.getByRole('button', { name: 'burger' });
    await user.click(burger);
    const close = screen.getByRole('button', { name: 'Закрити' });
    const last = screen.getByRole('link', { name: 'contacts' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();
  });
});
