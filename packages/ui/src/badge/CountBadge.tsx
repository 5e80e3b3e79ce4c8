import styles from './CountBadge.module.css';

/** docs/product.md#constants: the cart badge shows the count, or 9+ above 9. */
export function formatBadgeCount(count: number): string {
  return count > 9 ? '9+' : String(Math.max(0, Math.trunc(count)));
}

type Props = { count: number; className?: string };

/** A small count bubble; hidden from assistive tech, so the owner's label must carry the count. */
export function CountBadge({ count, className }: Props) {
  if (count <= 0) return null;
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
      {formatBadgeCount(count)}
    </span>
  );
}
