import { useTranslation } from '@lab/i18n';
import { useLongDate } from '../format/long-date';
import { formatPhone } from '../format/phone';
import { plural } from '../format/plural';
import { BranchSchedule, type BranchServiceKey, BranchServiceList, BranchStatusBadge } from './BranchFacts';
import { BRANCH_NAMESPACE } from './i18n';
import type { ScheduleDay } from './schedule';
import styles from './VisitPlan.module.css';

/** An order's plan as the API answers it (GET /order/orders/{id}/plan, @lab/api OrderPlan). */
export type VisitPlanData = {
  branch: {
    title: string;
    address: string;
    phone: string | null;
    schedule: readonly ScheduleDay[];
    services: Readonly<Record<BranchServiceKey, boolean>>;
    status: 'open' | 'closed' | 'closing-soon';
  } | null;
  visit: { date: string; time: string } | null;
  preparation: {
    fastingHours: number | null;
    notes: readonly { text: string; services: readonly string[]; fastingHours: number | null }[];
  };
  results: { workingDays: number; expectedDate: string };
};

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * Where, when, how to prepare and when the results come, for one order: the confirmation after
 * checkout and the account's order card. `headingLevel` fits it under the page's headings.
 */
export function VisitPlan({ plan, headingLevel = 2 }: { plan: VisitPlanData; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation(BRANCH_NAMESPACE);
  const longDate = useLongDate();
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';
  const { branch, visit, preparation, results } = plan;
  return (
    <div className={styles.plan} data-testid="visit-plan">
      {branch && (
        <section className={styles.part} aria-label={t('plan.where')}>
          <Heading className={styles.heading}>{t('plan.where')}</Heading>
          <div className={styles.branchHead}>
            <p className={styles.address} data-testid="plan-address">
              {branch.address}
            </p>
            <BranchStatusBadge status={branch.status} />
          </div>
          <BranchSchedule schedule={branch.schedule} />
          {branch.phone && (
            <p className={styles.muted}>
              <a href={`tel:${branch.phone}`}>{formatPhone(branch.phone) ?? branch.phone}</a>
            </p>
          )}
          <BranchServiceList services={branch.services} />
        </section>
      )}
      {visit && (
        <section className={styles.part} aria-label={t('plan.when')}>
          <Heading className={styles.heading}>{t('plan.when')}</Heading>
          <p data-testid="plan-visit">
            {t('plan.visitAt', { date: capitalized(longDate(visit.date)), time: visit.time })}
          </p>
          <p className={styles.muted}>{t('plan.reminder')}</p>
        </section>
      )}
      <section className={styles.part} aria-label={t('plan.prepare')}>
        <Heading className={styles.heading}>{t('plan.prepare')}</Heading>
        {preparation.fastingHours !== null && (
          <p className={styles.fasting} data-testid="plan-fasting">
            {t('plan.fasting', {
              hours: preparation.fastingHours,
              unit: plural(preparation.fastingHours, t('plan.hourForms')),
            })}
          </p>
        )}
        {preparation.notes.length > 0 ? (
          <ol className={styles.notes} data-testid="plan-notes">
            {preparation.notes.map((note) => (
              <li key={note.text}>
                <p>{note.text}</p>
                <p className={styles.muted}>{t('plan.for', { services: note.services.join(', ') })}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('plan.noPreparation')}</p>
        )}
      </section>
      <section className={styles.part} aria-label={t('plan.results')}>
        <Heading className={styles.heading}>{t('plan.results')}</Heading>
        <p data-testid="plan-results">
          {t('plan.resultsBy', {
            date: longDate(results.expectedDate),
            days: results.workingDays,
            unit: plural(results.workingDays, t('plan.workingDayForms')),
          })}
        </p>
        <p className={styles.muted}>{t('plan.resultsWhere')}</p>
      </section>
    </div>
  );
}
