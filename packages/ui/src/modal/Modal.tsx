import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '../CloseButton';
import { cx } from '../cx';
import { useFocusTrap } from '../focus/useFocusTrap';
import styles from './Modal.module.css';
import { useModalOpenClass } from './useModalOpenClass';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: string;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  children?: ReactNode;
  /** What gets focus on open; by default the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** `top` for the search modal (docs/product.md#panels-and-dialogs), `center` otherwise. */
  position?: 'center' | 'top';
  /** Added to the dialog box, e.g. to set `--modal-width`. */
  className?: string;
}

/**
 * The generic dialog: rendered into <body>, closes on Escape, overlay click and the close button,
 * keeps focus inside and gives it back to the opener when closed.
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  children,
  initialFocusRef,
  position = 'center',
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalOpenClass(open);
  useFocusTrap(dialogRef, { active: open, initialFocusRef, onEscape: onClose });

  if (!open) return null;
  return createPortal(
    <div className={cx(styles.root, position === 'top' && styles.top)}>
      <div className={styles.overlay} aria-hidden="true" data-testid="modal-overlay" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(styles.dialog, className)}
      >
        <div className={cx(styles.header, hideTitle && styles.headerBare)}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <CloseButton onClick={onClose} className={styles.close} />
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
