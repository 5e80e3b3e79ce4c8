/**
 * What an order's results consist of, and the development writer of them: each ordered analysis
 * (packages expanded into their analyses) reports the rows of its indicators (domain/analytes.ts),
 * with units and reference ranges for the patient's sex. The laboratory's information system reports
 * the same rows through the intake (domain/lis-intake.ts); the development lab clock and the demo seed
 * write plausible ones. Idempotent: an indicator already reported in the registry is kept.
 */
import type { Queryable } from '../db/database';
import { type AnalyteDefinition, analytesOf, type GeneratedResult, generateResult } from './analytes';
import { ucumOfDisplay } from './units';

interface OrderedAnalysis {
  orderId: string;
  serviceId: number;
  code: string;
  titleUk: string;
  titleRu: string;
}

/** A row as stored and shown. */
export interface StoredResult {
  readonly result: string;
  readonly value: number | null;
  readonly unit: string | null;
  readonly ucum: string | null;
  readonly referenceValues: string | null;
  readonly refLow: number | null;
  readonly refHigh: number | null;
  readonly note: string | null;
  readonly found: boolean | null;
  readonly outOfRange: 'low' | 'high' | null;
}

/** One indicator an order's results will have, from the analysis that reports it. */
export interface ExpectedAnalyte {
  readonly analyte: AnalyteDefinition;
  readonly serviceId: number;
  /** The row's place in the results (the analyses' order, then the panel's). */
  readonly sort: number;
}

/**
 * The indicators each order's results consist of, in the order they are shown. An indicator two
 * analyses both report (haemoglobin in two blood counts) is one row, from the first.
 */
export async function expectedAnalytes(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, ExpectedAnalyte[]>> {
  const analyses =
    orderIds.length === 0
      ? []
      : await db.query<OrderedAnalysis>(
          `SELECT DISTINCT ON (i.order_id, s.id) i.order_id AS "orderId", s.id AS "serviceId", s.code,
                  s.title_uk AS "titleUk", s.title_ru AS "titleRu"
             FROM order_items i
             JOIN services ordered ON ordered.id = i.service_id
             LEFT JOIN package_items pi ON pi.package_id = ordered.id AND ordered.package_service
             JOIN services s ON s.id = coalesce(pi.service_id, ordered.id)
            WHERE i.order_id = ANY($1::uuid[]) AND NOT i.additional AND NOT s.package_service
            ORDER BY i.order_id, s.id`,
          [[...orderIds]],
        );
  const byOrder = new Map<string, ExpectedAnalyte[]>(orderIds.map((id) => [id, []]));
  const sorts = new Map<string, number>();
  for (const analysis of analyses) {
    const list = byOrder.get(analysis.orderId) ?? [];
    for (const analyte of analytesOf({ code: analysis.code, title: { uk: analysis.titleUk, ru: analysis.titleRu } })) {
      const sort = (sorts.get(analysis.orderId) ?? 0) + 1;
      sorts.set(analysis.orderId, sort);
      if (list.some((known) => known.analyte.code === analyte.code)) continue;
      list.push({ analyte, serviceId: analysis.serviceId, sort });
    }
    byOrder.set(analysis.orderId, list);
  }
  return byOrder;
}

/** The analyte's row id, creating the indicator on first use. */
export async function analyteId(db: Queryable, analyte: AnalyteDefinition, sort: number): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO analytes (code, title_uk, title_ru, unit, qualitative, sort_order) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (code) DO UPDATE SET title_uk = EXCLUDED.title_uk RETURNING id`,
    [analyte.code, analyte.title.uk, analyte.title.ru, analyte.unit, analyte.qualitative ?? false, sort],
  );
  return row.id;
}

export interface ResultOptions {
  /** Per analyte code: -1..1 shifts values down/up (±1: out of range), for the demo's trends. */
  readonly bias?: Readonly<Record<string, number>>;
  readonly outOfRangeShare?: number;
  /** Only these indicators (the demo LIS's first, partial message); default all. */
  readonly only?: (analyte: AnalyteDefinition) => boolean;
}

/** Plausible results of an order's indicators (the development lab clock, the demo seed, the demo LIS). */
export function plausibleResults(
  expected: readonly ExpectedAnalyte[],
  registryId: number,
  sex: 'male' | 'female' | null,
  options: ResultOptions = {},
): Array<ExpectedAnalyte & { result: GeneratedResult }> {
  return expected
    .filter((entry) => options.only?.(entry.analyte) ?? true)
    .map((entry) => ({
      ...entry,
      result: generateResult(entry.analyte, sex, `${registryId}:${entry.analyte.code}`, {
        bias: options.bias?.[entry.analyte.code],
        outOfRangeShare: options.outOfRangeShare,
      }),
    }));
}

/** The development and demo laboratory's physicians who validate results (one per order, by its id). */
export const LAB_VALIDATORS = [
  'Коваленко Ірина Миколаївна, лікар-лаборант',
  'Бондар Олег Васильович, лікар-лаборант',
  'Савчук Наталія Петрівна, лікар клінічної лабораторної діагностики',
] as const;

/** Writes the results of a registry's order; answers how many rows were written. */
export async function writeResults(
  db: Queryable,
  registryId: number,
  orderId: string,
  sex: 'male' | 'female' | null,
  options: ResultOptions = {},
): Promise<number> {
  const expected = (await expectedAnalytes(db, [orderId])).get(orderId) ?? [];
  let written = 0;
  for (const { analyte, serviceId, sort, result } of plausibleResults(expected, registryId, sex, options)) {
    const id = await analyteId(db, analyte, sort);
    const row = await db.maybeOne(
      `INSERT INTO results (registry_id, analyte_id, service_id, result, value, unit, ucum, reference_values, ref_low,
                            ref_high, note_uk, note_ru, found, out_of_range, sort_order, validated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (registry_id, analyte_id) DO NOTHING RETURNING 1`,
      [
        registryId,
        id,
        serviceId,
        result.result,
        result.value,
        result.unit,
        ucumOfDisplay(result.unit),
        result.referenceValues,
        result.referenceRange?.low ?? null,
        result.referenceRange?.high ?? null,
        result.note?.uk ?? null,
        result.note?.ru ?? null,
        result.found,
        result.outOfRange,
        sort,
        LAB_VALIDATORS[registryId % LAB_VALIDATORS.length] ?? null,
      ],
    );
    if (row) written += 1;
  }
  return written;
}

/**
 * How far each registered order's results are: rows the laboratory reported of the indicators expected
 * (docs/product.md#orders: "awaiting results" while partial). Orders without a registry are left out.
 */
export async function resultsProgress(
  db: Queryable,
  orders: ReadonlyArray<{ readonly id: string; readonly registryId: number | null }>,
): Promise<Map<string, { received: number; expected: number }>> {
  const registered = orders.filter((order) => order.registryId !== null);
  const progress = new Map<string, { received: number; expected: number }>();
  if (registered.length === 0) return progress;
  const [expected, counts] = await Promise.all([
    expectedAnalytes(
      db,
      registered.map((order) => order.id),
    ),
    db.query<{ registryId: number; n: number }>(
      'SELECT registry_id AS "registryId", count(*)::int AS n FROM results WHERE registry_id = ANY($1::int[]) GROUP BY registry_id',
      [registered.map((order) => order.registryId as number)],
    ),
  ]);
  for (const order of registered) {
    const received = counts.find((row) => row.registryId === order.registryId)?.n ?? 0;
    progress.set(order.id, { received, expected: Math.max(received, expected.get(order.id)?.length ?? 0) });
  }
  return progress;
}
