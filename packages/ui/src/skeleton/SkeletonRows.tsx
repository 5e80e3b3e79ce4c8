import { cx } from '../cx';
import { Skeleton } from './Skeleton';
import styles from './SkeletonRows.module.css';

/** How many rows stand in for a short list while it loads (the cart preview's, and its stand-in's). */
export const SKELETON_ROWS = 3;

export interface SkeletonRowsProps {
  /** What is loading, said to screen readers (the rows themselves are not read). */
  label: string;
  rows?: number;
  /** Each row's test id, so that a test finds the same rows wherever they are drawn. */
  rowTestId?: string;
  className?: string;
}

/**
 * Skeleton rows of a short list while it loads (docs/product.md#panels-and-dialogs: the cart preview's
 * "rows of skeletons while it loads"): a code, a title and a price per row, the block marked busy.
 */
export function SkeletonRows({
  label,
  rows = SKELETON_ROWS,
  rowTestId = 'skeleton-row',
  className,
}: SkeletonRowsProps) {
  return (
    <div className={cx(styles.rows, className)} aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders
        <div key={row} className={styles.row} data-testid={rowTestId}>
          <Skeleton width="3rem" height="0.8em" />
          <Skeleton height="0.8em" />
          <Skeleton width="4rem" height="0.8em" />
        </div>
      ))}
    </div>
  );
}
