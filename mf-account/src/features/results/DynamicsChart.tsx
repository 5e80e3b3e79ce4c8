import type { AnalysisDynamics } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cx, formatInKyiv } from '@lab/ui';
import { useId, useRef } from 'react';
import { type Box, niceTicks, overlaps, spacedLabels, timeShares, valueDomain } from './chartScale';
import styles from './Results.module.css';
import { parseReference, rangeStatus } from './reference';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 300;
const MARGIN = { top: 34, right: 24, bottom: 58, left: 64 };
/** Room inside the plot so the first and last readings' values stay clear of the axes. */
const INSET = 26;
/** A DD.MM.YYYY label at 12 px, with air. */
const DATE_WIDTH = 84;
const VALUE_HEIGHT = 14;
/** About the width of one character of a 12 px label. */
const CHAR = 7;

const siteDate = (date: string) => formatInKyiv(date, 'DD.MM.YYYY');

type Props = {
  dynamics: AnalysisDynamics;
  /** The reading of the order being viewed: marked on the chart. */
  currentRegistryId?: number | undefined;
};

/**
 * One indicator over time as an inline SVG line chart: the reference band shaded, labelled axes, each
 * reading a point with its value written beside it; out-of-range readings are triangles pointing the
 * way they deviate. The SVG is one image with a summary for screen readers; the table is the full
 * alternative.
 */
export function DynamicsChart({ dynamics, currentRegistryId }: Props) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const descId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const width = Math.max(280, useElementWidth(boxRef, 640));
  const range = parseReference(dynamics.referenceValues);
  const points = dynamics.points.filter((point) => point.value !== null) as Array<
    AnalysisDynamics['points'][number] & { value: number }
  >;
  const unit = dynamics.unit ?? '';
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const [min, max] = valueDomain(
    points.map((point) => point.value),
    range?.low ?? null,
    range?.high ?? null,
  );
  const ticks = niceTicks(min, max, 5);
  const innerWidth = plotWidth - 2 * INSET;
  const xs = timeShares(points.map((point) => point.date)).map((share) => MARGIN.left + INSET + share * innerWidth);
  const y = (value: number) => MARGIN.top + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const clampY = (value: number) => Math.min(MARGIN.top + plotHeight, Math.max(MARGIN.top, y(value)));
  const dated = spacedLabels(xs, DATE_WIDTH);
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${xs[index]},${y(point.value)}`).join(' ');
  // each value above its point, or below it when that would touch a value already placed
  const placed: Box[] = [];
  const valueY = points.map((point, index) => {
    const px = xs[index] ?? 0;
    const py = y(point.value);
    const width = String(point.value).length * CHAR;
    for (const candidate of [py - 12, py + 22, py - 26]) {
      const box = { x: px - width / 2, y: candidate - VALUE_HEIGHT + 3, width, height: VALUE_HEIGHT };
      if (!placed.some((other) => overlaps(box, other))) {
        placed.push(box);
        return candidate;
      }
    }
    return null; // no room: the point's own title and the table still tell it
  });
  const statusText = (status: string) => t(`results.status.${status}`);

  const first = points[0];
  const last = points.at(-1);
  const outside = points.filter((point) => {
    const status = rangeStatus(point.value, range);
    return status === 'low' || status === 'high';
  }).length;
  const summary =
    first && last
      ? t('dynamics.summary', {
          n: points.length,
          from: formatInKyiv(first.date, 'DD.MM.YYYY'),
          to: formatInKyiv(last.date, 'DD.MM.YYYY'),
          last: `${last.value} ${unit}`.trim(),
          reference: dynamics.referenceValues ?? '—',
          outside,
        })
      : '';

  const bandTop = range ? clampY(range.high ?? max) : 0;
  const bandBottom = range ? clampY(range.low ?? min) : 0;

  return (
    <figure className={styles.chartFigure}>
      <div ref={boxRef} className={styles.chartBox}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className={styles.chart}
          data-testid="dynamics-chart"
        >
          <title id={titleId}>{t('dynamics.chartTitle', { name: dynamics.analysisName })}</title>
          <desc id={descId}>{summary}</desc>

          {range && (
            <g className={styles.band} data-testid="reference-band">
              <rect x={MARGIN.left} y={bandTop} width={plotWidth} height={Math.max(0, bandBottom - bandTop)} />
              {/* above the plot, where no line or value can run over it */}
              <text x={MARGIN.left + plotWidth} y={MARGIN.top - 12} textAnchor="end" className={styles.bandLabel}>
                {t('dynamics.band', { value: dynamics.referenceValues })}
              </text>
            </g>
          )}

          <g className={styles.grid}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y(tick)} y2={y(tick)} />
                <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className={styles.tick}>
                  {tick}
                </text>
              </g>
            ))}
          </g>

          <line
            className={styles.axis}
            x1={MARGIN.left}
            x2={MARGIN.left}
            y1={MARGIN.top}
            y2={MARGIN.top + plotHeight}
          />
          <line
            className={styles.axis}
            x1={MARGIN.left}
            x2={MARGIN.left + plotWidth}
            y1={MARGIN.top + plotHeight}
            y2={MARGIN.top + plotHeight}
          />
          <text
            className={styles.axisLabel}
            transform={`translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {unit ? t('dynamics.axisValue', { unit }) : t('dynamics.axisValueNoUnit')}
          </text>
          <text className={styles.axisLabel} x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle">
            {t('dynamics.axisDate')}
          </text>

          {points.map((point, index) =>
            dated.has(index) ? (
              <text
                key={`date-${point.registryId}`}
                x={xs[index]}
                y={MARGIN.top + plotHeight + 20}
                textAnchor="middle"
                className={styles.tick}
              >
                {siteDate(point.date)}
              </text>
            ) : null,
          )}

          <path d={path} className={styles.line} />

          {points.map((point, index) => {
            const status = rangeStatus(point.value, range);
            const px = xs[index] ?? 0;
            const py = y(point.value);
            const current = point.registryId === currentRegistryId;
            const label = `${siteDate(point.date)}: ${point.value} ${unit} — ${statusText(status)}${current ? ` (${t('dynamics.current')})` : ''}`;
            const labelY = valueY[index];
            return (
              <g
                key={point.registryId}
                className={cx(
                  status === 'high' || status === 'low' ? styles.pointOut : styles.point,
                  current && styles.pointCurrent,
                )}
                data-testid="dynamics-point"
                data-status={status}
                data-current={current || undefined}
              >
                <title>{label}</title>
                {current && <circle cx={px} cy={py} r={11} className={styles.currentRing} />}
                {status === 'high' ? (
                  <path d={`M${px},${py - 7} L${px + 7},${py + 5} L${px - 7},${py + 5} Z`} />
                ) : status === 'low' ? (
                  <path d={`M${px},${py + 7} L${px + 7},${py - 5} L${px - 7},${py - 5} Z`} />
                ) : (
                  <circle cx={px} cy={py} r={5} />
                )}
                {labelY !== null && labelY !== undefined && (
                  <text x={px} y={labelY} textAnchor="middle" className={styles.pointValue}>
                    {point.value}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className={styles.legend}>
        {range && (
          <span className={styles.legendItem}>
            <span className={styles.legendBand} aria-hidden="true" />
            {t('dynamics.legendBand')}
          </span>
        )}
        <span className={styles.legendItem}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className={styles.legendPoint}>
            <circle cx="7" cy="7" r="5" />
          </svg>
          {t('dynamics.legendNormal')}
        </span>
        <span className={styles.legendItem}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className={styles.legendOut}>
            <path d="M7,1 L13,12 L1,12 Z" />
          </svg>
          {t('dynamics.legendOut')}
        </span>
        {points.some((point) => point.registryId === currentRegistryId) && (
          <span className={styles.legendItem}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className={styles.legendCurrent}>
              <circle cx="8" cy="8" r="6.5" />
            </svg>
            {t('dynamics.current')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
