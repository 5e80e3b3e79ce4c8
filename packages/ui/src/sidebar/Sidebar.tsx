import { type ReactNode, type RefObject, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '../CloseButton';
import { cx } from '../cx';
import { useFocusTrap } from '../focus/useFocusTrap';
import styles from './Sidebar.module.css';
import { useScrollLock } from './useScrollLock';

export interface SidebarProps {
  open: boolean;
  onClose: () => void;
  /** `left`: a panel sliding in from the left; `full`: covers the whole viewport. */
  position?: 'left' | 'full';
  /** A dismissable overlay behind the panel; with it the page does not scroll while open. */
  overlay?: boolean;
  /** Accessible name of the panel (it has no visible heading of its own). */
  label: string;
  children?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/** The slide-in panel of docs/product.md#panels-and-dialogs (burger menu): a modal dialog docked to an edge. */
export function Sidebar({
  open,
  onClose,
  position = 'left',
  overlay = false,
  label,
  children,
  initialFocusRef,
  className,
}: SidebarProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(open && overlay);
  useFocusTrap(panelRef, { active: open, initialFocusRef, onEscape: onClose });

  if (!open) return null;
  return createPortal(
    <div className={styles.root}>
      {overlay && <div className={styles.overlay} aria-hidden="true" data-testid="sidebar-overlay" onClick={onClose} />}
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={cx(styles.panel, position === 'full' ? styles.full : styles.left, className)}
      >
        <div className={styles.header}>
          <CloseButton onClick={onClose} />
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
