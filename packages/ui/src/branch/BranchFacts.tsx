import { useTranslation } from '@lab/i18n';
import { cx } from '../cx';
import styles from './BranchFacts.module.css';
import { BRANCH_NAMESPACE } from './i18n';
import { type ScheduleDay, scheduleLines } from './schedule';

/** A branch's status now (the API's BranchStatus, computed by the server in Kyiv time). */
export type BranchOpenStatus = 'open' | 'closed' | 'closing-soon';

/** The services of a branch card (docs/product.md#entities "Branch"), in the order they are shown. */
export const BRANCH_SERVICE_KEYS = [
  'covidTest',
  'childNurse',
  'cardTerminal',
  'ramp',
  'gynecologicalChair',
  'urogenitalMale',
  'everyDay',
] as const;
export type BranchServiceKey = (typeof BRANCH_SERVICE_KEYS)[number];

/** Open / closing soon / closed as a coloured label with its words (never colour alone). */
export function BranchStatusBadge({ status, className }: { status: BranchOpenStatus; className?: string }) {
  const { t } = useTranslation(BRANCH_NAMESPACE);
  return (
    <span className={cx(styles.status, styles[status], className)} data-status={status}>
      {t(`branch.status.${status}`)}
    </span>
  );
}

/** The week's hours, days with the same hours joined ("Пн–Пт 08:00–20:00", "Нд вихідний"). */
export function BranchSchedule({ schedule, className }: { schedule: readonly ScheduleDay[]; className?: string }) {
  const { t } = useTranslation(BRANCH_NAMESPACE);
  const dayNames = t('branch.days', { returnObjects: true }) as string[];
  return (
    <dl className={cx(styles.schedule, className)} aria-label={t('branch.hours')}>
      {scheduleLines(schedule, dayNames).map((line) => (
        <div key={line.days} className={styles.scheduleRow}>
          <dt>{line.days}</dt>
          <dd>{line.hours ?? t('branch.dayOff')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the branch offers (ramp, card terminal ...) as labelled chips; nothing when it lists none. */
export function BranchServiceList({
  services,
  className,
}: {
  services: Readonly<Record<BranchServiceKey, boolean>>;
  className?: string;
}) {
  const { t } = useTranslation(BRANCH_NAMESPACE);
  const offered = BRANCH_SERVICE_KEYS.filter((key) => services[key]);
  if (offered.length === 0) return null;
  return (
    <ul className={cx(styles.services, className)} aria-label={t('branch.servicesLabel')}>
      {offered.map((key) => (
        <li key={key}>
          <span aria-hidden="true" className={styles.tick}>
            ✓
          </span>
          {t(`branch.services.${key}`)}
        </li>
      ))}
    </ul>
  );
}
