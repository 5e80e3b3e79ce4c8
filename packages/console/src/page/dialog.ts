// The confirmation before a move: a modal <dialog> (the page behind it is inert), Tab and Shift+Tab kept
// inside it, Escape or Cancel closes it, and the focus goes back to the button that opened it.
import { h } from './dom.js';
import { t } from './i18n.js';

export interface Confirmation {
  readonly reason: string;
}

const FOCUSABLE = 'button, input, textarea, select, a[href]';

/** `title`: the move and its app; `action`: the confirming button's label (the move's own). */
export function confirmMove(
  title: string,
  action: string,
  text: string,
  danger: boolean,
): Promise<Confirmation | null> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const reason = h('textarea', { id: 'move-reason', rows: 2, maxlength: 500 });
  const cancel = h('button', { type: 'button', class: 'button button-secondary' }, t('actions.cancel'));
  const confirm = h(
    'button',
    { type: 'submit', class: `button ${danger ? 'button-danger' : 'button-primary'}` },
    action,
  );
  const form = h(
    'form',
    { method: 'dialog' },
    h('h2', { id: 'confirm-title' }, title),
    h('p', { id: 'confirm-text' }, text),
    h('label', { for: 'move-reason' }, t('actions.reason')),
    reason,
    h('div', { class: 'dialog-actions' }, cancel, confirm),
  );
  const dialog = h('dialog', { 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' }, form);
  document.body.append(dialog);

  return new Promise((resolve) => {
    let answer: Confirmation | null = null;
    const close = () => dialog.close();
    cancel.addEventListener('click', close);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      answer = { reason: reason.value.trim() };
      close();
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      // the opener, or the control that replaced it since (the list is redrawn every few seconds)
      const key = opener?.dataset.focusKey;
      (opener?.isConnected
        ? opener
        : key
          ? document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)
          : null
      )?.focus();
      resolve(answer);
    });
    dialog.showModal();
    cancel.focus();
  });
}
