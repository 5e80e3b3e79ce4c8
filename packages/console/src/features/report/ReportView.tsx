import type { CanaryReport, Figures, Measure } from '../../lib/api';
import { formatDateTime, formatNumber, formatTime, type Translate, useTexts } from '../../lib/i18n';
import { TableScroll } from '../../lib/TableScroll';
import { Verdict, verdictText } from '../apps';
import styles from './ReportView.module.css';

const stateOf = (measure: Measure) => (!measure.judged ? 'tooFew' : measure.worse ? 'worse' : 'noWorse');

/** The canary judge's figures on one app: each measure on both sides, the verdict and the judge's words. */
export function ReportView({ report }: { report: CanaryReport | undefined }) {
  const { t, language } = useTexts();
  const ms = (value: number | null, count: number) =>
    value === null ? t('report.none_value') : t('report.samples', { value: formatNumber(language, value), count });
  const rate = (count: number, total: number) =>
    total === 0
      ? t('report.none_value')
      : `${formatNumber(language, (count / total) * 100, 1)} % (${t('report.of', { count, total })})`;
  const cell = (measure: Measure, figures: Figures): string => {
    switch (measure.key) {
      case 'slotFailures':
        return rate(figures.failedViews, figures.pageViews);
      case 'lcp':
        return ms(figures.lcpP75, figures.lcpSamples);
      case 'inp':
        return ms(figures.inpP75, figures.inpSamples);
      case 'apiErrors':
        return rate(figures.apiErrors, figures.apiCalls);
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="report-heading">
      {report ? <Report report={report} t={t} cell={cell} language={language} /> : null}
    </section>
  );
}

function Report({
  report,
  t,
  cell,
  language,
}: {
  report: CanaryReport;
  t: Translate;
  cell: (measure: Measure, figures: Figures) => string;
  language: ReturnType<typeof useTexts>['language'];
}) {
  const heading = <h2 id="report-heading">{t('report.heading', { app: report.app })}</h2>;
  const updated = (
    <p className={styles.small}>{t('report.updated', { time: formatTime(language, report.generatedAt) })}</p>
  );
  if (!report.canary || !report.figures || !report.measures) {
    return (
      <>
        {heading}
        <p>{t('report.none', { app: report.app })}</p>
        {updated}
      </>
    );
  }
  const { figures } = report;
  return (
    <>
      {heading}
      <p>
        {t('report.since', {
          canary: report.canary.version,
          stable: report.live?.version ?? t('apps.build'),
          since: formatDateTime(language, report.canary.since),
        })}
      </p>
      <Verdict verdict={report.verdict ?? 'wait'}>{`${t('report.verdict')}: ${verdictText(t, report)}`}</Verdict>
      <TableScroll label={t('report.table')}>
        <table>
          <thead>
            <tr>
              {['report.measure', 'report.canaryColumn', 'report.stableColumn', 'report.state'].map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.measures.map((measure) => (
              <tr key={measure.key}>
                <th scope="row">
                  {t(`report.measures.${measure.key}`)}
                  {measure.required ? <span className={styles.small}>{` · ${t('report.required')}`}</span> : null}
                </th>
                <td>{cell(measure, figures.canary)}</td>
                <td>{cell(measure, figures.stable)}</td>
                <td className={styles[stateOf(measure)]}>{t(`report.states.${stateOf(measure)}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <details>
        <summary>{t('report.judgeSays')}</summary>
        <p lang="en" className={styles.small}>
          {report.reason ?? ''}
        </p>
      </details>
      {updated}
    </>
  );
}
