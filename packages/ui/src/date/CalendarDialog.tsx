import { useTranslation } from '@lab/i18n';
import { type ReactNode, useRef } from 'react';
import { Button } from '../button/Button';
import { useFocusTrap } from '../focus/useFocusTrap';
import { UI_NAMESPACE } from '../i18n';
import styles from './DateField.module.css';

interface Props {
  open: boolean;
  /** Cancel, Escape and a click outside. */
  onClose: () => void;
  /** The OK button. */
  onConfirm: () => void;
  label: string;
  /** A live line above the grid (which end of a range to pick). */
  instructions?: string;
  children: ReactNode;
}

/**
 * The popup of the date pickers: a small modal dialog under the field (APG date picker dialog) that
 * keeps focus inside, closes on Escape or outside, and gives focus back to the calendar button.
 */
export function CalendarDialog({ open, onClose, onConfirm, label, instructions, children }: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, { active: open, onEscape: onClose });
  if (!open) return null;
  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} className={styles.dialog}>
        {instructions !== undefined && (
          <p className={styles.instructions} aria-live="polite">
            {instructions}
          </p>
        )}
        {children}
        <div className={styles.footer}>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button size="sm" onClick={onConfirm}>
            {t('ok')}
          </Button>
        </div>
      </div>
    </>
  );
}
