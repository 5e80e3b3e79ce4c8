// The confirmation before a move: a modal <dialog> (the page behind it is inert), Tab and Shift+Tab kept
// inside it (@lab/ui's focus trap), Escape or Cancel closes it, and the focus goes back to the button that
// opened it.
import { Button, fieldStyles, useFocusTrap } from '@lab/ui';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTexts } from '../../lib/i18n';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  /** the move and its app */
  title: string;
  /** the confirming button's label (the move's own) */
  action: string;
  text: string;
  danger: boolean;
  /** the reason typed (maybe empty), or null when cancelled */
  onDone: (reason: string | null) => void;
}

export function ConfirmDialog({ title, action, text, danger, onDone }: ConfirmDialogProps) {
  const { t } = useTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  // once: a dialog closed by the browser (Escape without a cancel event) closes through onClose too
  const answered = useRef(false);
  const done = (answer: string | null) => {
    if (answered.current) return;
    answered.current = true;
    // closed before it goes: while it is modal the page behind is inert, and the opener could not take the focus back
    dialog.current?.close();
    onDone(answer);
  };

  // shown as a modal before the trap looks for the focus: the cancel button has it, as before a move
  useLayoutEffect(() => {
    dialog.current?.showModal();
    cancel.current?.focus();
  }, []);
  useFocusTrap(dialog, { active: true, initialFocusRef: cancel });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    done(reason.trim());
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        done(null);
      }}
      onClose={() => done(null)}
    >
      <form className={styles.form} onSubmit={submit}>
        <h2 id="confirm-title" className={styles.title}>
          {title}
        </h2>
        <p id="confirm-text">{text}</p>
        <label htmlFor="move-reason">{t('actions.reason')}</label>
        <textarea
          id="move-reason"
          className={`${fieldStyles.input} ${styles.reason}`}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={styles.actions}>
          <Button ref={cancel} variant="secondary" onClick={() => done(null)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'}>
            {action}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
