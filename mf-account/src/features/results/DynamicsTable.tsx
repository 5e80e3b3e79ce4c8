import type { AnalysisDynamics } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { formatDateKyiv, Link } from '@lab/ui';
import styles from './Results.module.css';
import { parseReference, rangeStatus } from './reference';

type Props = {
  dynamics: AnalysisDynamics;
  /** Opens the result a reading comes from (its date is the link); the one on screen is not linked. */
  resultHref?: (registryId: number) => string;
  currentRegistryId?: number;
};

/** One indicator over time as a table: the chart's full alternative and the only view for qualitative tests. */
export function DynamicsTable({ dynamics, resultHref, currentRegistryId }: Props) {
  const { t } = useTranslation('account');
  const range = parseReference(dynamics.referenceValues);
  const unit = dynamics.unit ?? '';
  // newest first: what a reader wants to compare against
  const points = [...dynamics.points].reverse();
  return (
    <div className={styles.dynamicsTableBox}>
      {dynamics.referenceValues && (
        <p className={styles.muted}>
          {t('dynamics.reference', { value: `${dynamics.referenceValues} ${unit}`.trim() })}
        </p>
      )}
      <table className={styles.dynamicsTable} data-testid="dynamics-table">
        <caption className="visually-hidden">{t('dynamics.tableCaption', { name: dynamics.analysisName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dynamics.date')}</th>
            <th scope="col">{t('results.columns.result')}</th>
            <th scope="col">{t('dynamics.assessment')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => {
            const status =
              point.found !== null ? (point.found ? 'found' : 'notFound') : rangeStatus(point.value, range);
            const out = status === 'high' || status === 'low' || status === 'found';
            const date = formatDateKyiv(point.date);
            const current = point.registryId === currentRegistryId;
            return (
              <tr key={point.registryId} className={out ? styles.rowOut : undefined}>
                <th scope="row" className={styles.dateCell}>
                  {resultHref && !current ? (
                    <Link to={resultHref(point.registryId)}>
                      <time dateTime={point.date}>{date}</time>
                      <span className="visually-hidden"> — {t('dynamics.open')}</span>
                    </Link>
                  ) : (
                    <time dateTime={point.date}>{date}</time>
                  )}
                  {current && <span className={styles.currentMark}>{t('dynamics.current')}</span>}
                </th>
                <td>
                  {point.found !== null
                    ? t(point.found ? 'results.found' : 'results.notFound')
                    : `${point.result ?? '—'} ${point.value !== null ? unit : ''}`.trim()}
                </td>
                <td>
                  <span className={out ? styles.assessmentOut : undefined}>
                    {(status === 'high' || status === 'low') && (
                      <span aria-hidden="true">{status === 'high' ? '↑ ' : '↓ '}</span>
                    )}
                    {t(`results.status.${status}`)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
