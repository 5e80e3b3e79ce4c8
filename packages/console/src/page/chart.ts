// The vitals chart: p75 LCP, p75 INP and the slot failure rate per release over the last hours, drawn
// with uPlot (canvas; a table under it carries the same figures for screen readers and keyboard users).
import uPlot from 'uplot';
import type { Role, SeriesPoint, Vitals } from './api.js';
import { fill, h, redraw } from './dom.js';
import { formatHour, formatNumber, t } from './i18n.js';

type Metric = { readonly key: 'lcp' | 'inp' | 'failures'; readonly value: (point: SeriesPoint) => number | null };

const METRICS: readonly Metric[] = [
  { key: 'lcp', value: (point) => point.lcpP75 },
  { key: 'inp', value: (point) => point.inpP75 },
  { key: 'failures', value: (point) => point.failureRate * 100 },
];

/** Each role's line: colours from packages/ui's tokens, and the canary dashed (not told by colour alone). */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
const STYLE: Readonly<Record<Role, { readonly colour: string; readonly dash?: number[] }>> = {
  live: { colour: '--color-primary' },
  canary: { colour: '--color-warning', dash: [8, 4] },
  earlier: { colour: '--color-gray-500', dash: [2, 4] },
};

/** Every bucket's start from `from` to `to`, in seconds (uPlot's x), so that gaps show as gaps. */
function buckets(vitals: Vitals): number[] {
  const step = vitals.bucketMinutes * 60;
  const first = Math.floor(Date.parse(vitals.from) / 1000 / step) * step;
  const last = Date.parse(vitals.to) / 1000;
  const times: number[] = [];
  for (let at = first; at <= last; at += step) times.push(at);
  return times;
}

/** Each chart by the figure it sits in: the figure's width (the layout's) sets the chart's, never the reverse. */
const charts = new Map<Element, uPlot>();
const resize = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const chart = charts.get(entry.target);
    const width = widthOf(entry.target);
    if (chart && chart.width !== width) chart.setSize({ width, height: chart.height });
  }
});
const widthOf = (element: Element) => Math.max(200, Math.floor(element.clientWidth));

export function drawVitals(container: HTMLElement, vitals: Vitals): void {
  for (const chart of charts.values()) chart.destroy();
  charts.clear();
  resize.disconnect();
  if (vitals.releases.length === 0) {
    fill(container, h('p', { class: 'muted' }, t('chart.empty', { app: vitals.app })));
    return;
  }
  const times = buckets(vitals);
  const label = (release: Vitals['releases'][number]) => `${release.version} (${t(`chart.roles.${release.role}`)})`;
  const figures = METRICS.map((metric) => {
    const data: uPlot.AlignedData = [
      times,
      ...vitals.releases.map((release) => {
        const byTime = new Map(release.points.map((point) => [Date.parse(point.at) / 1000, metric.value(point)]));
        return times.map((at) => byTime.get(at) ?? null);
      }),
    ];
    const plot = h('div', { class: 'chart-plot', 'aria-hidden': 'true' });
    const figure = h('figure', { class: 'chart' }, h('figcaption', {}, t(`chart.${metric.key}`)), plot);
    return { figure, plot, data };
  });
  redraw(container, ...figures.map(({ figure }) => figure), table(vitals, label));
  for (const { figure, plot, data } of figures) {
    const options: uPlot.Options = {
      width: widthOf(figure),
      height: 170,
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max || 1, 1) * 1.1] } },
      axes: [
        {
          stroke: token('--color-text-muted'),
          grid: { stroke: token('--color-border') },
          values: (_u, splits) => splits.map((at) => formatHour(at * 1000)),
        },
        { stroke: token('--color-text-muted'), grid: { stroke: token('--color-border') }, size: 56 },
      ],
      series: [
        {},
        ...vitals.releases.map((release) => ({
          label: label(release),
          stroke: token(STYLE[release.role].colour),
          width: 2,
          ...(STYLE[release.role].dash ? { dash: STYLE[release.role].dash } : {}),
          points: { show: true, size: 5 },
          spanGaps: false,
        })),
      ],
    };
    charts.set(figure, new uPlot(options, data, plot));
    resize.observe(figure);
  }
}

/** The chart's figures as a table, collapsed under it. */
function table(vitals: Vitals, label: (release: Vitals['releases'][number]) => string): HTMLElement {
  const rows = vitals.releases.flatMap((release) =>
    release.points.map((point) =>
      h(
        'tr',
        {},
        h('td', {}, formatHour(Date.parse(point.at))),
        h('td', {}, label(release)),
        h('td', { class: 'number' }, formatNumber(point.pageViews)),
        h('td', { class: 'number' }, point.lcpP75 === null ? t('report.none_value') : formatNumber(point.lcpP75)),
        h('td', { class: 'number' }, point.inpP75 === null ? t('report.none_value') : formatNumber(point.inpP75)),
        h('td', { class: 'number' }, formatNumber(point.failureRate * 100, 1)),
      ),
    ),
  );
  const head = ['chart.time', 'chart.release', 'chart.views', 'chart.lcp', 'chart.inp', 'chart.failures'];
  const numeric = (index: number) => (index > 1 ? 'number' : undefined);
  return h(
    'details',
    { class: 'chart-table', 'data-key': 'chart-table' },
    h('summary', {}, t('chart.table')),
    h(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': t('chart.table') },
      h(
        'table',
        {},
        h(
          'thead',
          {},
          h('tr', {}, ...head.map((key, index) => h('th', { scope: 'col', class: numeric(index) }, t(key)))),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
  );
}
