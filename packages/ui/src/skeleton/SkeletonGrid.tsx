import type { CSSProperties } from 'react';
import { Skeleton } from './Skeleton';
import styles from './SkeletonGrid.module.css';

export interface SkeletonGridProps {
  /** Cards to stand in for while a list of cards loads. */
  count: number;
  /** Card height, so the real cards replace them without a shift. */
  height: CSSProperties['height'];
  /** The list's own column minimum (the same as the real grid's). */
  minWidth?: string;
  className?: string;
}

/** A grid of card placeholders for card lists (news, documents, branches, services). */
export function SkeletonGrid({ count, height, minWidth = '17rem', className }: SkeletonGridProps) {
  return (
    <div
      className={className ? `${styles.grid} ${className}` : styles.grid}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}, 1fr))` }}
      aria-hidden="true"
    >
      {Array.from({ length: Math.max(0, count) }, (_, card) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders, never reordered
        <Skeleton key={card} height={height} radius="var(--radius-lg)" />
      ))}
    </div>
  );
}
