import type { CSSProperties } from 'react';
import { cx } from '../cx';
import styles from './Skeleton.module.css';

type Length = CSSProperties['width'];

export interface SkeletonProps {
  /** Number (px) or any CSS length; default 100%. */
  width?: Length;
  /** Number (px) or any CSS length; default 1em. */
  height?: Length;
  radius?: CSSProperties['borderRadius'];
  /** Rows to render (docs/product.md#constants: 9 result rows, 3 chips). */
  count?: number;
  /** Space between rows. */
  gap?: Length;
  className?: string;
}

/**
 * A shimmering placeholder. Hidden from assistive technology: the loading region itself should
 * say it is busy (aria-busy) rather than every grey bar.
 */
export function Skeleton({ width, height, radius, count = 1, gap, className }: SkeletonProps) {
  const rows = Math.max(0, Math.floor(count));
  return (
    // data-skeleton: a stable hook for journeys that check a placeholder stood in (class names are hashed)
    <span
      className={cx(styles.group, className)}
      style={gap === undefined ? undefined : { gap }}
      aria-hidden="true"
      data-skeleton=""
    >
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static rows, never reordered
        <span key={row} className={styles.block} style={{ width, height, borderRadius: radius }} />
      ))}
    </span>
  );
}

export interface SkeletonTextProps {
  /** Lines of text to stand in for; the last one is shorter, as paragraphs are. */
  lines?: number;
  className?: string;
}

/** Placeholder for a paragraph, sized in em so it follows the surrounding font. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return <Skeleton count={lines} height="0.8em" gap="0.7em" className={cx(styles.text, className)} />;
}
