import type { AnalysisDynamics } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { formatInKyiv } from '@lab/ui';
import { useId, useRef } from 'react';
import { labelStep, niceTicks, valueDomain } from './chartScale';
import styles from './Results.module.css';
import { parseReference, rangeStatus } from './reference';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 300;
const MARGIN = { top: 30, right: 40, bottom: 58, left: 64 };

/** DD.MM.YY in Kyiv: short enough for an axis label. */
const shortDate = (date: string) => formatInKyiv(date, 'DD.MM.YYYY').replace(/\.(\d{2})(\d{2})$/, '.$2');

type Props = { dynamics: AnalysisDynamics };

/**
 * One indicator over time as an inline SVG line chart: the reference band shaded, labelled axes, each
 * reading a point with its value written beside it; out-of-range readings are triangles pointing the
 * way they deviate. The SVG is one image with a summary for screen readers; the table is the full
 * alternative.
 */
export function DynamicsChart({ dynamics }: Props) {
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
  const x = (index: number) =>
    MARGIN.left + (points.length === 1 ? plotWidth / 2 : (index * plotWidth) / (points.length - 1));
  const y = (value: number) => MARGIN.top + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const clampY = (value: number) => Math.min(MARGIN.top + plotHeight, Math.max(MARGIN.top, y(value)));
  const step = labelStep(points.length, plotWidth, 72);
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.value)}`).join(' ');
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
              <text x={MARGIN.left + plotWidth - 6} y={bandTop + 14} textAnchor="end" className={styles.bandLabel}>
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
            index % step === 0 || index === points.length - 1 ? (
              <text
                key={`date-${point.registryId}`}
                x={x(index)}
                y={MARGIN.top + plotHeight + 20}
                textAnchor="middle"
                className={styles.tick}
              >
                {shortDate(point.date)}
              </text>
            ) : null,
          )}

          <path d={path} className={styles.line} />

          {points.map((point, index) => {
            const status = rangeStatus(point.value, range);
            const px = x(index);
            const py = y(point.value);
            const label = `${formatInKyiv(point.date, 'DD.MM.YYYY')}: ${point.value} ${unit} — ${statusText(status)}`;
            return (
              <g
                key={point.registryId}
                className={status === 'high' || status === 'low' ? styles.pointOut : styles.point}
                data-testid="dynamics-point"
                data-status={status}
              >
                <title>{label}</title>
                {status === 'high' ? (
                  <path d={`M${px},${py - 7} L${px + 7},${py + 5} L${px - 7},${py + 5} Z`} />
                ) : status === 'low' ? (
                  <path d={`M${px},${py + 7} L${px + 7},${py - 5} L${px - 7},${py - 5} Z`} />
                ) : (
                  <circle cx={px} cy={py} r={5} />
                )}
                <text x={px} y={py - 12} textAnchor="middle" className={styles.pointValue}>
                  {point.value}
                </text>
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
      </figcaption>
    </figure>
  );
}
