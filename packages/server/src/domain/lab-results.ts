/**
 * Writes a registry's results: each ordered analysis (packages expanded into their analyses) becomes the
 * rows of its indicators (domain/analytes.ts), with units and reference ranges for the patient's sex.
 * Idempotent: an indicator already reported in the registry is kept.
 */
import type { Queryable } from '../db/database';
import { type AnalyteDefinition, analytesOf, type GeneratedResult, generateResult } from './analytes';

interface OrderedAnalysis {
  serviceId: number;
  code: string;
  titleUk: string;
  titleRu: string;
}

export async function orderedAnalyses(db: Queryable, orderId: string): Promise<OrderedAnalysis[]> {
  return db.query<OrderedAnalysis>(
    `SELECT DISTINCT ON (s.id) s.id AS "serviceId", s.code, s.title_uk AS "titleUk", s.title_ru AS "titleRu"
       FROM order_items i
       JOIN services ordered ON ordered.id = i.service_id
       LEFT JOIN package_items pi ON pi.package_id = ordered.id AND ordered.package_service
       JOIN services s ON s.id = coalesce(pi.service_id, ordered.id)
      WHERE i.order_id = $1 AND NOT i.additional AND NOT s.package_service
      ORDER BY s.id`,
    [orderId],
  );
}

async function analyteId(db: Queryable, analyte: AnalyteDefinition, sort: number): Promise<number> {
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
}

/** Writes the results of a registry's order; answers how many rows were written. */
export async function writeResults(
  db: Queryable,
  registryId: number,
  orderId: string,
  sex: 'male' | 'female' | null,
  options: ResultOptions = {},
): Promise<number> {
  const analyses = await orderedAnalyses(db, orderId);
  let written = 0;
  let sort = 0;
  for (const analysis of analyses) {
    for (const analyte of analytesOf({ code: analysis.code, title: { uk: analysis.titleUk, ru: analysis.titleRu } })) {
      sort += 1;
      const result: GeneratedResult = generateResult(analyte, sex, `${registryId}:${analyte.code}`, {
        bias: options.bias?.[analyte.code],
        outOfRangeShare: options.outOfRangeShare,
      });
      const id = await analyteId(db, analyte, sort);
      const row = await db.maybeOne(
        `INSERT INTO results (registry_id, analyte_id, service_id, result, value, unit, reference_values, note_uk,
                              note_ru, found, out_of_range, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (registry_id, analyte_id) DO NOTHING RETURNING 1`,
        [
          registryId,
          id,
          analysis.serviceId,
          result.result,
          result.value,
          result.unit,
          result.referenceValues,
          result.note?.uk ?? null,
          result.note?.ru ?? null,
          result.found,
          result.outOfRange,
          sort,
        ],
      );
      if (row) written += 1;
    }
  }
  return written;
}
