import { cx } from '@lab/ui';
import type { ReactNode } from 'react';
import type { CanaryReport } from '../../lib/api';
import styles from './Verdict.module.css';

/** The judge's verdict as a coloured pill (its words say it too: never told by colour alone). */
export function Verdict({ verdict, children }: { verdict: NonNullable<CanaryReport['verdict']>; children: ReactNode }) {
  return <p className={cx(styles.verdict, styles[verdict])}>{children}</p>;
}
