// The vitals chart: p75 LCP, p75 INP and the slot failure rate per release over the last hours, drawn
// with uPlot (canvas), loaded only when a chart is drawn; a table under it carries the same figures for
// screen readers and keyboard users.
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { Role, SeriesPoint, Vitals } from '../../lib/api';
import { formatHour, formatNumber, type Language, useTexts } from '../../lib/i18n';
import { TableScroll } from '../../lib/TableScroll';
import styles from './VitalsChart.module.css';

type Metric = { readonly key: 'lcp' | 'inp' | 'failures'; readonly value: (point: SeriesPoint) => number | null };

const METRICS: readonly Metric[] = [
  { key: 'lcp', value: (point) => point.lcpP75 },
  { key: 'inp', value: (point) => point.inpP75 },
  { key: 'failures', value: (point) => point.failureRate * 100 },
];

/** Each role's line: colours from @lab/ui's tokens, and the canary dashed (not told by colour alone). */
const STYLE: Readonly<Record<Role, { readonly colour: string; readonly dash?: number[] }>> = {
  live: { colour: '--color-primary' },
  canary: { colour: '--color-warning', dash: [8, 4] },
  earlier: { colour: '--color-gray-500', dash: [2, 4] },
};
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Every bucket's start from `from` to `to`, in seconds (uPlot's x), so that gaps show as gaps. */
function buckets(vitals: Vitals): number[] {
  const step = vitals.bucketMinutes * 60;
  const first = Math.floor(Date.parse(vitals.from) / 1000 / step) * step;
  const last = Date.parse(vitals.to) / 1000;
  const times: number[] = [];
  for (let at = first; at <= last; at += step) times.push(at);
  return times;
}

const widthOf = (element: Element) => Math.max(200, Math.floor(element.clientWidth));

export interface VitalsChartProps {
  /** the app's series; 'unavailable': the operations port cannot be read; null: the shell (no vitals);
   * undefined: not read yet */
  vitals: Vitals | 'unavailable' | null | undefined;
}

export function VitalsChart({ vitals }: VitalsChartProps) {
  const { t } = useTexts();
  return (
    <section className={styles.panel} aria-labelledby="chart-heading">
      <h2 id="chart-heading">{t('chart.heading', { hours: 6 })}</h2>
      <div className={styles.charts}>
        {vitals === undefined ? null : vitals === 'unavailable' ? (
          <p className={styles.muted}>{t('errors.ops-unavailable')}</p>
        ) : vitals === null ? (
          <p className={styles.muted}>{t('chart.shell')}</p>
        ) : vitals.releases.length === 0 ? (
          <p className={styles.muted}>{t('chart.empty', { app: vitals.app })}</p>
        ) : (
          <Charts vitals={vitals} />
        )}
      </div>
    </section>
  );
}

const labelOf = (t: ReturnType<typeof useTexts>['t'], release: Vitals['releases'][number]) =>
  `${release.version} (${t(`chart.roles.${release.role}`)})`;

function Charts({ vitals }: { vitals: Vitals }) {
  const { t, language } = useTexts();
  const figures = useRef<(HTMLElement | null)[]>([]);
  const plots = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    let cancelled = false;
    const drawn: { destroy: () => void }[] = [];
    let resize: ResizeObserver | undefined;
    void loadUPlot().then((UPlot) => {
      if (cancelled) return;
      const times = buckets(vitals);
      const charts = new Map<Element, InstanceType<typeof UPlot>>();
      resize = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const chart = charts.get(entry.target);
          const width = widthOf(entry.target);
          if (chart && chart.width !== width) chart.setSize({ width, height: chart.height });
        }
      });
      METRICS.forEach((metric, index) => {
        const figure = figures.current[index];
        const plot = plots.current[index];
        if (!figure || !plot) return;
        const data: uPlot.AlignedData = [
          times,
          ...vitals.releases.map((release) => {
            const byTime = new Map(release.points.map((point) => [Date.parse(point.at) / 1000, metric.value(point)]));
            return times.map((at) => byTime.get(at) ?? null);
          }),
        ];
        const axis = { stroke: token('--color-text-muted'), grid: { stroke: token('--color-border') } };
        const chart = new UPlot(
          {
            width: widthOf(figure),
            height: 170,
            cursor: { drag: { x: false, y: false } },
            legend: { live: false },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max || 1, 1) * 1.1] } },
            axes: [
              { ...axis, values: (_u, splits) => splits.map((at) => formatHour(language, at * 1000)) },
              { ...axis, size: 56 },
            ],
            series: [
              {},
              ...vitals.releases.map((release) => ({
                label: labelOf(t, release),
                stroke: token(STYLE[release.role].colour),
                width: 2,
                ...(STYLE[release.role].dash ? { dash: STYLE[release.role].dash } : {}),
                points: { show: true, size: 5 },
                spanGaps: false,
              })),
            ],
          },
          data,
          plot,
        );
        drawn.push(chart);
        charts.set(figure, chart);
        resize?.observe(figure);
      });
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      for (const chart of drawn) chart.destroy();
    };
  }, [vitals, language, t]);

  return (
    <>
      {METRICS.map((metric, index) => (
        <figure
          key={metric.key}
          className={styles.chart}
          ref={(element) => {
            figures.current[index] = element;
          }}
        >
          <figcaption>{t(`chart.${metric.key}`)}</figcaption>
          <div
            className={styles.plot}
            aria-hidden="true"
            ref={(element) => {
              plots.current[index] = element;
            }}
          />
        </figure>
      ))}
      <VitalsTable vitals={vitals} language={language} />
    </>
  );
}

/** uPlot and its style sheet: a chunk of their own, asked for when the first chart is drawn. */
async function loadUPlot() {
  const [uPlot] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return uPlot.default;
}

const TABLE_HEAD = ['chart.time', 'chart.release', 'chart.views', 'chart.lcp', 'chart.inp', 'chart.failures'];

/** The chart's figures as a table, collapsed under it. */
function VitalsTable({ vitals, language }: { vitals: Vitals; language: Language }) {
  const { t } = useTexts();
  const none = t('report.none_value');
  return (
    <details className={styles.table}>
      <summary>{t('chart.table')}</summary>
      <TableScroll label={t('chart.table')}>
        <table>
          <thead>
            <tr>
              {TABLE_HEAD.map((key, index) => (
                <th key={key} scope="col" className={index > 1 ? 'number' : undefined}>
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {vitals.releases.flatMap((release) =>
              release.points.map((point) => (
                <tr key={`${release.version} ${point.at}`}>
                  <td>{formatHour(language, Date.parse(point.at))}</td>
                  <td>{labelOf(t, release)}</td>
                  <td className="number">{formatNumber(language, point.pageViews)}</td>
                  <td className="number">{point.lcpP75 === null ? none : formatNumber(language, point.lcpP75)}</td>
                  <td className="number">{point.inpP75 === null ? none : formatNumber(language, point.inpP75)}</td>
                  <td className="number">{formatNumber(language, point.failureRate * 100, 1)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
