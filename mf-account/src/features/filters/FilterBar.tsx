import type { ReactNode } from 'react';
import styles from './Filters.module.css';

/** The filters above a list: the period beside the search on wide screens, stacked on phones. */
export function FilterBar({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section className={styles.bar} aria-label={label}>
      {children}
    </section>
  );
}
