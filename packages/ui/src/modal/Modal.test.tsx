import { initI18n } from '@lab/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useRef, useState } from 'react';
import { Modal } from './Modal';
import '../i18n';

beforeAll(() => {
  initI18n('ua');
});

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal
        open={open}
        title="Вибір міста"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="city" />
        <button type="button">confirm</button>
      </Modal>
    </>
  );
}

/** Mounts the modal only when opened: StrictMode then runs its effects twice on mount. */
function MountedOnOpen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <Modal open title="t" onClose={() => setOpen(false)} />}
    </>
  );
}

function WithInitial() {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <Modal open title="t" onClose={() => {}} initialFocusRef={ref}>
      <input aria-label="first" />
      <input aria-label="search" ref={ref} />
    </Modal>
  );
}

/** Open from the start, as a page opens one by itself: no opener had the focus. */
function OpenedByThePage() {
  const [open, setOpen] = useState(true);
  return (
    <main tabIndex={-1}>
      <Modal open={open} title="t" onClose={() => setOpen(false)}>
        <button type="button">action</button>
      </Modal>
    </main>
  );
}

function Nested() {
  const [inner, setInner] = useState(false);
  const [outerOpen, setOuterOpen] = useState(true);
  return (
    <Modal open={outerOpen} title="outer" onClose={() => setOuterOpen(false)}>
      <button type="button" onClick={() => setInner(true)}>
        more
      </button>
      <Modal open={inner} title="inner" onClose={() => setInner(false)}>
        <button type="button">inner action</button>
      </Modal>
    </Modal>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal open={false} title="t" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('is a modal dialog in <body>, named by its title, with a localized close button', () => {
    const { container } = render(<Modal open title="Вибір міста" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Вибір міста' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('button', { name: 'Закрити' })).toBeInTheDocument();
  });

  it('can hide the title visually while keeping the name', () => {
    render(<Modal open hideTitle title="Пошук" onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Пошук' })).toHaveClass('visually-hidden');
    expect(screen.getByRole('dialog', { name: 'Пошук' })).toBeInTheDocument();
  });

  it('adds modal-open to body while open and removes it on close', () => {
    const { rerender } = render(<Modal open title="t" onClose={() => {}} />);
    expect(document.body).toHaveClass('modal-open');
    rerender(<Modal open={false} title="t" onClose={() => {}} />);
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('keeps modal-open until the last of two modals closes', () => {
    const view = (a: boolean, b: boolean) => (
      <>
        <Modal open={a} title="a" onClose={() => {}} />
        <Modal open={b} title="b" onClose={() => {}} />
      </>
    );
    const { rerender, unmount } = render(view(true, true));
    expect(document.body).toHaveClass('modal-open');
    rerender(view(true, false));
    expect(document.body).toHaveClass('modal-open');
    rerender(view(false, false));
    expect(document.body).not.toHaveClass('modal-open');
    rerender(view(false, true));
    expect(document.body).toHaveClass('modal-open');
    unmount();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('focuses the first focusable element on open, or initialFocusRef', () => {
    const { unmount } = render(<Modal open title="t" onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Закрити' })).toHaveFocus();
    unmount();
    render(<WithInitial />);
    expect(screen.getByRole('textbox', { name: 'search' })).toHaveFocus();
  });

  it('wraps Tab from the last focusable to the first and Shift+Tab from the first to the last', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <Modal open title="t" onClose={() => {}}>
          <input aria-label="city" />
          <button type="button">confirm</button>
        </Modal>
      </>,
    );
    const close = screen.getByRole('button', { name: 'Закрити' });
    const confirm = screen.getByRole('button', { name: 'confirm' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'city' })).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('pulls focus back when it escapes to the page', () => {
    render(
      <>
        <button type="button">outside</button>
        <Modal open title="t" onClose={() => {}} />
      </>,
    );
    screen.getByRole('button', { name: 'outside', hidden: true }).focus();
    expect(screen.getByRole('button', { name: 'Закрити' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('still closes on Escape when the focused control re-rendered away and focus fell to the page', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    // what a control replaced while focused leaves behind: focus on <body>, no focusin
    expect(screen.getByRole('button', { name: 'Закрити' })).toHaveFocus();
    screen.getByRole('button', { name: 'Закрити' }).remove();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('returns focus to the opener under StrictMode when mounted already open', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <MountedOnOpen />
      </StrictMode>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Закрити' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('sends focus to the main content when the opener is gone or there was none', async () => {
    const user = userEvent.setup();
    render(<OpenedByThePage />);
    expect(screen.getByRole('button', { name: 'Закрити' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('closes on overlay click and with the close button, but not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('textbox', { name: 'city' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'Закрити' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('with nested modals, Escape closes only the inner one and focus goes back into the outer', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByRole('dialog', { name: 'inner' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'more' })).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
  });

  it('opens at the top when asked (search modal)', () => {
    render(<Modal open position="top" title="t" onClose={() => {}} />);
    expect(screen.getByRole('dialog').parentElement).toHaveClass('top');
  });
});
