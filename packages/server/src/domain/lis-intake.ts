/**
 * The results intake of the laboratory's information system (LIS): `POST /api/lis/results`.
 *
 * A message names an order by its number and carries result rows, each with the LIS's own id. Rules:
 *  - the order must be this laboratory's (a system limited to some settlements sees only their orders)
 *    and registered; each row's indicator must be one the order expects (domain/lab-results.ts);
 *  - a numeric value needs its UCUM unit, the one this laboratory reports the indicator in; a
 *    qualitative indicator takes `detected` / `not-detected`; a reference range's low is not above
 *    its high. Any refusal names the field (`results[2].unit`) and stores nothing;
 *  - a row id seen before with the same content changes nothing (the same message twice is harmless);
 *    with other content it is a correction: the row is replaced, its revision grows, and the version
 *    it replaced goes to `result_history`;
 *  - partial messages first, the rest later: the order is "awaiting results" (docs/product.md#orders) until
 *    every expected indicator has a row, then "results ready". That moment, and each later message
 *    that corrects a ready result, writes the SMS notices in the same transaction (domain/notifications.ts).
 *
 * A message is one transaction that locks its order's row, so two messages for one order (two LIS
 * workers, two API instances) apply one after the other.
 */
import type { LisOrder, LisResultRow, LisResultsBody, LisResultsResponse, LisRowOutcome } from '@lab/api/contract';
import type { ResultsSettings } from '../config';
import type { Database, Queryable } from '../db/database';
import { AppError } from '../errors';
import type { MessageKey } from '../i18n/messages';
import type { LisKeyOwner } from '../repositories/lis';
import type { AnalyteDefinition } from './analytes';
import type { Clock } from './kyiv-time';
import { analyteId, type ExpectedAnalyte, expectedAnalytes, type StoredResult } from './lab-results';
import { loincOf } from './loinc';
import { enqueueResultsNotice } from './notifications';
import { ucumOfDisplay, unitByUcum } from './units';

const refused = (status: number, code: string, field: string, params?: Record<string, string>) =>
  new AppError(status, code, code as MessageKey, field, params);

/** Digits after the point of a number as JSON wrote it (5.20 arrives as 5.2). */
function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 6;
  return text.split('.')[1]?.length ?? 0;
}

function formatted(value: number, decimals: number): string {
  return value.toFixed(Math.min(6, decimals));
}

function rangeText(low: number | null, high: number | null, decimals: number): string | null {
  if (low !== null && high !== null) return `${formatted(low, decimals)} – ${formatted(high, decimals)}`;
  if (high !== null) return `< ${formatted(high, decimals)}`;
  if (low !== null) return `> ${formatted(low, decimals)}`;
  return null;
}

function kindOf(analyte: AnalyteDefinition): 'numeric' | 'qualitative' | 'text' {
  if (analyte.qualitative) return 'qualitative';
  return analyte.unit === null ? 'text' : 'numeric';
}

const KIND_WORDS: Record<ReturnType<typeof kindOf>, string> = {
  numeric: 'число з одиницею UCUM',
  qualitative: 'detected / not-detected',
  text: 'текст',
};

/**
 * One row checked against its indicator and turned into what is stored. Throws the refusal (422,
 * naming the field) when the row cannot be stored as it is.
 */
export function storedResult(row: LisResultRow, analyte: AnalyteDefinition, at: string): StoredResult {
  const kind = kindOf(analyte);
  const range = row.referenceRange ?? null;
  const low = range?.low ?? null;
  const high = range?.high ?? null;
  if (low !== null && high !== null && low > high) throw refused(422, 'lis-range-invalid', `${at}.referenceRange`);
  const note = row.note?.trim() ? row.note.trim() : null;
  if (typeof row.value === 'number') {
    if (kind !== 'numeric') throw refused(422, 'lis-value-kind', `${at}.value`, { kind: KIND_WORDS[kind] });
    if (row.unit === undefined || row.unit === null) throw refused(422, 'lis-unit-required', `${at}.unit`);
    const unit = unitByUcum(row.unit);
    if (!unit) throw refused(422, 'lis-unit-unknown', `${at}.unit`, { unit: row.unit });
    if (unit.display !== analyte.unit) {
      throw refused(422, 'lis-unit-mismatch', `${at}.unit`, { unit: ucumOfDisplay(analyte.unit) ?? '—' });
    }
    const decimals = Math.max(analyte.decimals ?? 0, decimalsOf(row.value));
    const rangeDecimals = Math.max(
      analyte.decimals ?? 0,
      low === null ? 0 : decimalsOf(low),
      high === null ? 0 : decimalsOf(high),
    );
    const outOfRange = high !== null && row.value > high ? 'high' : low !== null && row.value < low ? 'low' : null;
    return {
      result: formatted(row.value, decimals),
      value: row.value,
      unit: unit.display,
      ucum: unit.ucum,
      referenceValues: rangeText(low, high, rangeDecimals) ?? range?.text ?? null,
      refLow: low,
      refHigh: high,
      note,
      found: null,
      outOfRange,
    };
  }
  if (row.unit !== undefined && row.unit !== null) throw refused(422, 'lis-unit-unexpected', `${at}.unit`);
  if (low !== null || high !== null) throw refused(422, 'lis-range-unexpected', `${at}.referenceRange`);
  if (kind === 'numeric') throw refused(422, 'lis-value-kind', `${at}.value`, { kind: KIND_WORDS[kind] });
  const text = row.value.trim();
  if (kind === 'qualitative') {
    if (text !== 'detected' && text !== 'not-detected') {
      throw refused(422, 'lis-value-kind', `${at}.value`, { kind: KIND_WORDS[kind] });
    }
    const found = text === 'detected';
    return {
      result: found ? 'Виявлено' : 'Не виявлено',
      value: null,
      unit: null,
      ucum: null,
      referenceValues: range?.text ?? 'Не виявлено',
      refLow: null,
      refHigh: null,
      note,
      found,
      outOfRange: null,
    };
  }
  return {
    result: text,
    value: null,
    unit: null,
    ucum: null,
    referenceValues: range?.text ?? null,
    refLow: null,
    refHigh: null,
    note,
    found: null,
    outOfRange: null,
  };
}

interface ExistingRow extends StoredResult {
  readonly analyteId: number;
  readonly code: string;
  readonly lisSystemId: number | null;
  readonly lisResultId: string | null;
  readonly revision: number;
  readonly reportedAt: string | null;
}

function sameResult(a: StoredResult, b: StoredResult): boolean {
  return (
    a.result === b.result &&
    a.value === b.value &&
    a.unit === b.unit &&
    a.ucum === b.ucum &&
    a.referenceValues === b.referenceValues &&
    a.refLow === b.refLow &&
    a.refHigh === b.refHigh &&
    a.note === b.note &&
    a.found === b.found &&
    a.outOfRange === b.outOfRange
  );
}

interface OrderHead {
  id: string;
  number: string;
  settlementId: number;
  labStatus: 'new' | 'sampled' | 'ready';
  corrections: number;
  registryId: number | null;
  sex: 'male' | 'female' | null;
}

const ORDER_HEAD = `SELECT o.id, o.number, o.settlement_id AS "settlementId", o.lab_status AS "labStatus",
    o.results_corrections AS corrections, r.id AS "registryId", g.code AS sex
  FROM orders o LEFT JOIN registries r ON r.order_id = o.id
  JOIN patients p ON p.id = o.patient_id LEFT JOIN genders g ON g.id = p.gender_id
  WHERE o.number = $1`;

/** The order of this number if the system may see it; otherwise the refusal ("not this laboratory's"). */
async function orderOf(db: Queryable, owner: LisKeyOwner, number: string, lock: boolean): Promise<OrderHead> {
  const order = await db.maybeOne<OrderHead>(`${ORDER_HEAD}${lock ? ' FOR UPDATE OF o' : ''}`, [number]);
  // an order of another settlement than the system serves answers exactly like one that does not exist
  if (!order || (owner.settlementIds !== null && !owner.settlementIds.includes(order.settlementId))) {
    throw refused(422, 'lis-order-unknown', 'orderNumber');
  }
  return order;
}

const EXISTING = `SELECT x.analyte_id AS "analyteId", a.code, x.lis_system_id AS "lisSystemId",
    x.lis_result_id AS "lisResultId", x.result, x.value, x.unit, x.ucum, x.reference_values AS "referenceValues",
    x.ref_low AS "refLow", x.ref_high AS "refHigh", x.note_uk AS note, x.found, x.out_of_range AS "outOfRange",
    x.revision, x.reported_at AS "reportedAt"
  FROM results x JOIN analytes a ON a.id = x.analyte_id WHERE x.registry_id = $1`;

export interface IntakeDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: Pick<ResultsSettings, 'labName' | 'publicUrl'>;
}

/** Applies one message (see the module's comment); answers the order's progress and each row's outcome. */
export async function publishResults(
  deps: IntakeDeps,
  owner: LisKeyOwner,
  body: LisResultsBody,
): Promise<LisResultsResponse & { notices: number }> {
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, owner, body.orderNumber, true);
    if (order.registryId === null) throw refused(409, 'lis-order-not-registered', 'orderNumber');
    const registryId = order.registryId;
    const expected = (await expectedAnalytes(tx, [order.id])).get(order.id) ?? [];
    const byCode = new Map(expected.map((entry) => [entry.analyte.code, entry]));

    // every row is checked before anything is written
    const seenIds = new Set<string>();
    const seenCodes = new Set<string>();
    const checked: Array<{ row: LisResultRow; entry: ExpectedAnalyte; stored: StoredResult; at: string }> = [];
    for (const [index, row] of body.results.entries()) {
      const at = `results[${index}]`;
      if (seenIds.has(row.id)) throw refused(422, 'lis-duplicate-id', `${at}.id`);
      seenIds.add(row.id);
      const entry = byCode.get(row.analyteCode);
      if (!entry) throw refused(422, 'lis-analyte-not-ordered', `${at}.analyteCode`);
      if (seenCodes.has(row.analyteCode)) throw refused(422, 'lis-duplicate-analyte', `${at}.analyteCode`);
      seenCodes.add(row.analyteCode);
      checked.push({ row, entry, stored: storedResult(row, entry.analyte, at), at });
    }

    const existing = await tx.query<ExistingRow>(EXISTING, [registryId]);
    const byAnalyte = new Map(existing.map((row) => [row.code, row]));
    // an id of this system already used for another order's or indicator's row
    const elsewhere = await tx.query<{ lisResultId: string; registryId: number; code: string }>(
      `SELECT x.lis_result_id AS "lisResultId", x.registry_id AS "registryId", a.code
         FROM results x JOIN analytes a ON a.id = x.analyte_id
        WHERE x.lis_system_id = $1 AND x.lis_result_id = ANY($2::text[])`,
      [owner.systemId, body.results.map((row) => row.id)],
    );
    for (const { row, at } of checked) {
      const other = elsewhere.find((known) => known.lisResultId === row.id);
      if (other && (other.registryId !== registryId || other.code !== row.analyteCode)) {
        throw refused(409, 'lis-id-conflict', `${at}.id`);
      }
      const current = byAnalyte.get(row.analyteCode);
      if (current && (current.lisSystemId !== owner.systemId || current.lisResultId !== row.id)) {
        throw refused(409, 'lis-analyte-reported', `${at}.analyteCode`);
      }
    }

    const now = deps.clock().toISOString();
    const outcomes: LisResultsResponse['rows'] = [];
    // who validated each row (the laboratory's physician), kept beside it for the PDF (docs/product.md#entities)
    const validations: Array<[string, string | null, string | null]> = [];
    let correctedReady = false;
    for (const { row, entry, stored } of checked) {
      const current = byAnalyte.get(row.analyteCode);
      let outcome: LisRowOutcome;
      let revision = 1;
      if (!current) {
        const id = await analyteId(tx, entry.analyte, entry.sort);
        await tx.query(
          `INSERT INTO results (registry_id, analyte_id, service_id, result, value, unit, ucum, reference_values, ref_low,
                                ref_high, note_uk, note_ru, found, out_of_range, sort_order, lis_system_id, lis_result_id,
                                revision, reported_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, $12, $13, $14, $15, $16, 1, $17::timestamptz)`,
          [
            registryId,
            id,
            entry.serviceId,
            stored.result,
            stored.value,
            stored.unit,
            stored.ucum,
            stored.referenceValues,
            stored.refLow,
            stored.refHigh,
            stored.note,
            stored.found,
            stored.outOfRange,
            entry.sort,
            owner.systemId,
            row.id,
            now,
          ],
        );
        outcome = 'created';
      } else if (sameResult(current, stored)) {
        outcome = 'unchanged';
        revision = current.revision;
      } else {
        revision = current.revision + 1;
        await tx.query(
          `INSERT INTO result_history (registry_id, analyte_id, revision, lis_system_id, lis_result_id, result, value, unit,
                                       ucum, reference_values, ref_low, ref_high, note_uk, found, out_of_range,
                                       reported_at, replaced_at)
           SELECT registry_id, analyte_id, revision, lis_system_id, lis_result_id, result, value, unit, ucum,
                  reference_values, ref_low, ref_high, note_uk, found, out_of_range, reported_at, $3::timestamptz
             FROM results WHERE registry_id = $1 AND analyte_id = $2`,
          [registryId, current.analyteId, now],
        );
        await tx.query(
          `UPDATE results SET result = $3, value = $4, unit = $5, ucum = $6, reference_values = $7, ref_low = $8,
                  ref_high = $9, note_uk = $10, note_ru = NULL, found = $11, out_of_range = $12, revision = $13,
                  reported_at = $14::timestamptz
            WHERE registry_id = $1 AND analyte_id = $2`,
          [
            registryId,
            current.analyteId,
            stored.result,
            stored.value,
            stored.unit,
            stored.ucum,
            stored.referenceValues,
            stored.refLow,
            stored.refHigh,
            stored.note,
            stored.found,
            stored.outOfRange,
            revision,
            now,
          ],
        );
        outcome = 'corrected';
        if (order.labStatus === 'ready') correctedReady = true;
      }
      outcomes.push({ id: row.id, analyteCode: row.analyteCode, outcome, revision });
      validations.push([row.analyteCode, row.validatedBy ?? null, row.validatedAt ?? null]);
    }

    for (const [code, by, at] of validations) {
      await tx.query(
        `UPDATE results x SET validated_by = $3, validated_at = $4::timestamptz FROM analytes a
          WHERE a.id = x.analyte_id AND x.registry_id = $1 AND a.code = $2`,
        [registryId, code, by, at ?? (by ? now : null)],
      );
    }

    const counts = await tx.one<{ received: number }>(
      'SELECT count(*)::int AS received FROM results x JOIN analytes a ON a.id = x.analyte_id WHERE x.registry_id = $1 AND a.code = ANY($2::text[])',
      [registryId, expected.map((entry) => entry.analyte.code)],
    );
    const complete = expected.length > 0 && counts.received >= expected.length;
    let notices = 0;
    let state: LisResultsResponse['state'] = order.labStatus === 'ready' ? 'results-ready' : 'awaiting-results';
    if (order.labStatus !== 'ready' && complete) {
      await tx.query(
        `UPDATE orders SET lab_status = 'ready', sampled_at = coalesce(sampled_at, $2::timestamptz),
                results_ready_at = $2::timestamptz, updated_at = now() WHERE id = $1`,
        [order.id, now],
      );
      notices += await enqueueResultsNotice(tx, deps.settings, deps.clock, {
        orderId: order.id,
        kind: 'results-ready',
        change: 0,
      });
      state = 'results-ready';
    } else if (order.labStatus === 'new') {
      // the first rows: the sample was taken, whatever the branch reported so far
      await tx.query(
        `UPDATE orders SET lab_status = 'sampled', sampled_at = $2::timestamptz, updated_at = now() WHERE id = $1`,
        [order.id, now],
      );
    } else if (correctedReady) {
      const change = order.corrections + 1;
      await tx.query('UPDATE orders SET results_corrections = $2, updated_at = now() WHERE id = $1', [
        order.id,
        change,
      ]);
      notices += await enqueueResultsNotice(tx, deps.settings, deps.clock, {
        orderId: order.id,
        kind: 'results-corrected',
        change,
      });
    }
    return {
      orderNumber: order.number,
      state,
      expected: expected.length,
      received: counts.received,
      rows: outcomes,
      notices,
    };
  });
}

/** What the order expects, and what this or another system reported so far (GET /api/lis/orders/{number}). */
export async function lisOrderView(db: Queryable, owner: LisKeyOwner, number: string): Promise<LisOrder> {
  const order = await orderOf(db, owner, number, false);
  if (order.registryId === null) throw refused(409, 'lis-order-not-registered', 'orderNumber');
  const expected = (await expectedAnalytes(db, [order.id])).get(order.id) ?? [];
  const existing = await db.query<ExistingRow>(EXISTING, [order.registryId]);
  return {
    orderNumber: order.number,
    state:
      order.labStatus === 'ready' ? 'results-ready' : order.labStatus === 'sampled' ? 'awaiting-results' : 'registered',
    sex: order.sex,
    analytes: expected.map(({ analyte }) => {
      const row = existing.find((candidate) => candidate.code === analyte.code);
      const kind = kindOf(analyte);
      return {
        code: analyte.code,
        title: analyte.title.uk,
        unit: kind === 'numeric' ? ucumOfDisplay(analyte.unit) : null,
        qualitative: kind === 'qualitative',
        loinc: loincOf(analyte.code)?.code ?? null,
        reported: row ? { id: row.lisResultId, revision: row.revision } : null,
      };
    }),
  };
}
