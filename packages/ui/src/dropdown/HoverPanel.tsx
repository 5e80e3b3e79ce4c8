import type { ReactNode } from 'react';
import styles from './HoverPanel.module.css';

export type HoverPanelProps = {
  /** The id the control's `aria-controls` names. */
  id?: string;
  /** The region's name. */
  label: string;
  /** Class names the content's own layout adds (a list that scrolls inside). */
  className?: string;
  children: ReactNode;
};

/**
 * The panel a header control opens on hover or focus (useHoverOpen), under the control's right edge: a
 * named region, so screen-reader users find it after the control. Its parent is positioned.
 */
export function HoverPanel({ id, label, className, children }: HoverPanelProps) {
  return (
    <div className={styles.popover}>
      <section id={id} className={className ? `${styles.panel} ${className}` : styles.panel} aria-label={label}>
        {children}
      </section>
    </div>
  );
}
