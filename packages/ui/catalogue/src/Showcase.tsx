import { type ReactNode, useId } from 'react';
import styles from './Catalogue.module.css';

/** One control of the catalogue; headings are notes for developers, hence in English. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} lang="en" className={styles.sectionTitle}>
        {title}
      </h2>
      <div className={styles.cases}>{children}</div>
    </section>
  );
}

/** One state of a control. */
export function Case({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? `${styles.case} ${styles.wide}` : styles.case}>
      <h3 lang="en" className={styles.caseTitle}>
        {title}
      </h3>
      <div className={styles.demo}>{children}</div>
    </div>
  );
}
