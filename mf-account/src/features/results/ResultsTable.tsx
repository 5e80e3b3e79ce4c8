import type { ResultRow } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cx } from '@lab/ui';
import styles from './Results.module.css';

type Props = {
  rows: readonly ResultRow[];
  caption: string;
  /** Shows a dynamics button per indicator. */
  onDynamics?: (row: ResultRow) => void;
};

/** How a row stands: out of range (from the lab), found in a qualitative test, or unremarkable. */
export function rowFlag(row: ResultRow): 'high' | 'low' | 'found' | null {
  if (row.outOfRange) return row.outOfRange;
  if (row.found === true) return 'found';
  return null;
}

/**
 * The result rows of docs/product.md#entities (analysis, result, unit, reference values, note, found / not
 * found). An out-of-range value is marked by colour, an arrow and words that screen readers read
 * ("above the reference range"); on phones each row becomes a card with the column names beside.
 */
export function ResultsTable({ rows, caption, onDynamics }: Props) {
  const { t } = useTranslation('account');
  const columns = {
    analysis: t('results.columns.analysis'),
    result: t('results.columns.result'),
    unit: t('results.columns.unit'),
    reference: t('results.columns.reference'),
    note: t('results.columns.note'),
  };
  return (
    <table className={styles.resultsTable} data-testid="results-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.analysis}</th>
          <th scope="col">{columns.result}</th>
          <th scope="col">{columns.unit}</th>
          <th scope="col">{columns.reference}</th>
          <th scope="col">{columns.note}</th>
          {onDynamics && (
            <th scope="col" className={styles.dynamicsCell}>
              <span className="visually-hidden">{t('results.columns.dynamics')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const flag = rowFlag(row);
          const value = row.found !== null ? t(row.found ? 'results.found' : 'results.notFound') : (row.result ?? '—');
          return (
            <tr
              key={row.analysisId}
              className={cx(flag && styles.rowOut)}
              data-testid="result-row"
              data-flag={flag ?? undefined}
            >
              <th scope="row" className={styles.analysis}>
                {row.analysisName}
              </th>
              <td data-label={columns.result} className={styles.resultCell}>
                <span className={cx(styles.value, flag && styles.valueOut)}>
                  {flag === 'high' && (
                    <span className={styles.arrow} aria-hidden="true">
                      ↑
                    </span>
                  )}
                  {flag === 'low' && (
                    <span className={styles.arrow} aria-hidden="true">
                      ↓
                    </span>
                  )}
                  {value}
                </span>
                {(flag === 'high' || flag === 'low') && (
                  <span className={styles.flagText}>{t(`results.status.${flag}`)}</span>
                )}
              </td>
              <td data-label={columns.unit}>{row.unit ?? '—'}</td>
              <td data-label={columns.reference}>{row.referenceValues ?? '—'}</td>
              <td data-label={columns.note} className={cx(styles.note, !row.note && styles.empty)}>
                {row.note ?? '—'}
              </td>
              {onDynamics && (
                <td className={styles.dynamicsCell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('results.dynamicsOf', { name: row.analysisName })}
                    onClick={() => onDynamics(row)}
                  >
                    {t('results.dynamics')}
                  </Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
