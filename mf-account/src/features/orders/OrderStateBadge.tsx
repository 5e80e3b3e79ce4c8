import type { OrderDisplayState } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cx } from '@lab/ui';
import styles from './Orders.module.css';
import { STATE_LOOK } from './orderStates';

const ICONS: Readonly<Record<string, string>> = {
  branch: 'M4 20V9l8-5 8 5v11M9 20v-6h6v6',
  hourglass: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  card: 'M3 7h18v10H3zM3 10.5h18',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  clock: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  cross: 'M7 7l10 10M17 7L7 17',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
};

/** An order's display state: its words, a colour and an icon of its own. */
export function OrderStateBadge({ state, className }: { state: OrderDisplayState; className?: string }) {
  const { t } = useTranslation('account');
  const look = STATE_LOOK[state];
  return (
    <span className={cx(styles.badge, styles[`tone-${look.tone}`], className)} data-state={state}>
      <svg className={styles.badgeIcon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d={ICONS[look.icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t(`orders.state.${state}`)}
    </span>
  );
}
