/**
 * The results intake of the laboratory's information system (LIS): not one of the storefront's three clients
 * (docs/product.md#calls) but a server-to-server API under `/api/lis`, authenticated by a per-system API key in
 * the `X-Api-Key` header. Browsers never call it (the server refuses their requests), so none of this
 * is in `endpoints` and no browser code imports it.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateTimeString, Nullable } from './common';
import { GenderCode } from './patient';

/** The order number as the storefront gave it (digits). */
export const LisOrderNumber = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' });

/** A measured value's reference range; either bound may be open. */
export const LisReferenceRange = Type.Object(
  {
    low: Type.Optional(Type.Number()),
    high: Type.Optional(Type.Number()),
    /** The range in words when it is not numeric ("Не виявлено", "негативний"). */
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type LisReferenceRange = Static<typeof LisReferenceRange>;

/**
 * One result row as the LIS reports it. `id` is the LIS's own id of the row: the same id again with the
 * same content changes nothing; with other content it is a correction (the old version goes to the
 * row's history). `value` is a number (then `unit`, a UCUM code, is required) or a qualitative result:
 * `detected` / `not-detected`, or a short text.
 */
export const LisResultRow = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:/-]+$' }),
    analyteCode: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
    value: Type.Union([Type.Number(), Type.String({ minLength: 1, maxLength: 200 })]),
    unit: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 30 }))),
    referenceRange: Type.Optional(Nullable(LisReferenceRange)),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    /** Who validated the row (the laboratory's physician, as the report names them) and when. */
    validatedBy: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    validatedAt: Type.Optional(Nullable(DateTimeString)),
  },
  { additionalProperties: false },
);
export type LisResultRow = Static<typeof LisResultRow>;

export const LisResultsBody = Body({
  orderNumber: LisOrderNumber,
  results: Type.Array(LisResultRow, { minItems: 1, maxItems: 200 }),
});
export type LisResultsBody = Static<typeof LisResultsBody>;

/** What became of each row of a message. */
export const LisRowOutcome = Type.Union([
  Type.Literal('created'),
  Type.Literal('unchanged'),
  Type.Literal('corrected'),
]);
export type LisRowOutcome = Static<typeof LisRowOutcome>;

/** The order's results after a message: how many of the expected indicators are in. */
export const LisResultsResponse = Type.Object({
  orderNumber: Type.String(),
  /** The order's display state (docs/product.md#orders): awaiting-results while rows are missing, then results-ready. */
  state: Type.Union([Type.Literal('awaiting-results'), Type.Literal('results-ready')]),
  expected: Type.Integer({ minimum: 0 }),
  received: Type.Integer({ minimum: 0 }),
  rows: Type.Array(
    Type.Object({ id: Type.String(), analyteCode: Type.String(), outcome: LisRowOutcome, revision: Type.Integer() }),
  ),
});
export type LisResultsResponse = Static<typeof LisResultsResponse>;

export const LisOrderParams = Type.Object({ number: LisOrderNumber });
export type LisOrderParams = Static<typeof LisOrderParams>;

/** One indicator the order expects, and the row reported for it so far. */
export const LisExpectedAnalyte = Type.Object({
  code: Type.String(),
  title: Type.String(),
  /** The UCUM unit a numeric result must be reported in; null for qualitative and descriptive results. */
  unit: Nullable(Type.String()),
  qualitative: Type.Boolean(),
  /** LOINC code of the indicator, when it has one. */
  loinc: Nullable(Type.String()),
  reported: Nullable(Type.Object({ id: Nullable(Type.String()), revision: Type.Integer() })),
});
export type LisExpectedAnalyte = Static<typeof LisExpectedAnalyte>;

/** An order as the LIS sees it: what to report (no personal data beyond the sex the ranges need). */
export const LisOrder = Type.Object({
  orderNumber: Type.String(),
  /** registered: no result yet; then the display states of docs/product.md#orders. */
  state: Type.Union([Type.Literal('registered'), Type.Literal('awaiting-results'), Type.Literal('results-ready')]),
  sex: Nullable(GenderCode),
  analytes: Type.Array(LisExpectedAnalyte),
});
export type LisOrder = Static<typeof LisOrder>;

/** The intake's routes, relative to `/api/lis`. */
export const lisRoutes = {
  lisOrder: {
    method: 'GET',
    path: '/orders/:number',
    params: LisOrderParams,
    response: LisOrder,
    summary: 'Get what an order expects from the laboratory and what was reported so far',
  },
  lisResults: {
    method: 'POST',
    path: '/results',
    body: LisResultsBody,
    response: LisResultsResponse,
    summary: "Publish (part of) an order's results; repeat-safe by the LIS's row ids, corrections kept",
  },
} as const;
export type LisRouteKey = keyof typeof lisRoutes;
