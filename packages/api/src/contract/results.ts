/** Order lists and results: docs/product.md#entities "Registry", "Result row"; docs/product.md#calls registry calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, CsvIds, DateString, DateTimeString, Id, Nullable, Page, PageIndex, PageSize, PersonRef } from './common';
import { Order } from './orders';

/** Registry calls say whose view they serve (docs/product.md#roles). */
export const CustomerType = Type.Union([Type.Literal('doctor'), Type.Literal('patient')]);
export type CustomerType = Static<typeof CustomerType>;

const DateRange = {
  'date-from': Type.Optional(DateString),
  'date-to': Type.Optional(DateString),
};

/** My orders (patient) or my referrals (doctor). `on-site` is sent for patients only. */
export const RegistriesQuery = Type.Object({
  page: Type.Optional(PageIndex),
  size: Type.Optional(PageSize),
  'on-site': Type.Optional(Type.Boolean()),
  ...DateRange,
  query: Type.Optional(Type.String({ maxLength: 200 })),
  'service-ids': Type.Optional(CsvIds),
  'customer-type': CustomerType,
});
export type RegistriesQuery = Static<typeof RegistriesQuery>;
export const RegistriesResponse = Page(Order);
export type RegistriesResponse = Static<typeof RegistriesResponse>;

export const RegistryParams = Type.Object({ id: Id });
export type RegistryParams = Static<typeof RegistryParams>;

/** One analysis line of a result (docs/product.md#entities "Result row"). */
export const ResultRow = Type.Object({
  analysisId: Id,
  analysisName: Type.String(),
  result: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  referenceValues: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** Qualitative tests: found / not found; null for quantitative ones. */
  found: Nullable(Type.Boolean()),
  /** Quantitative result outside the reference range. */
  outOfRange: Nullable(Type.Union([Type.Literal('low'), Type.Literal('high')])),
});
export type ResultRow = Static<typeof ResultRow>;
export const ResultRowsResponse = Type.Array(ResultRow);
export type ResultRowsResponse = Static<typeof ResultRowsResponse>;

/** The order's results as a PDF document (bytes). */
export const ResultsPdf = Type.String({ contentEncoding: 'binary', contentMediaType: 'application/pdf' });

/**
 * The order's results as a FHIR R4 Bundle (type collection): the Patient, a DiagnosticReport and an
 * Observation per row (LOINC where the indicator has a code, UCUM units, reference ranges, H/L/N).
 */
export const ResultsFhir = Type.Unsafe<{ resourceType: 'Bundle' }>({
  type: 'object',
  contentMediaType: 'application/fhir+json',
  description: 'A FHIR R4 Bundle (https://hl7.org/fhir/R4/bundle.html) of type collection',
});

export const Registry = Type.Object({
  id: Id,
  number: Type.String(),
  /** When the order was placed (the order's date in lists). */
  createdAt: DateTimeString,
  patient: PersonRef,
  resultsReady: Type.Boolean(),
  /** When all its results were ready: the date each indicator's dynamics gives this order; null before. */
  resultsReadyAt: Nullable(DateTimeString),
  /** Indicators the laboratory has not reported yet (partial results: some rows are in, these are not). */
  awaiting: Type.Integer({ minimum: 0 }),
  results: Type.Array(ResultRow),
});
export type Registry = Static<typeof Registry>;

/** Counts new orders since the stored lastOrdersDate / lastPatientsDate. */
export const RegistriesCountQuery = Type.Object({ ...DateRange, 'customer-type': Type.Optional(CustomerType) });
export type RegistriesCountQuery = Static<typeof RegistriesCountQuery>;

/** A patient's history as their doctor sees it (default size 20). */
export const PatientRegistriesQuery = Type.Object({
  page: Type.Optional(PageIndex),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  ...DateRange,
  query: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PatientRegistriesQuery = Static<typeof PatientRegistriesQuery>;

export const RegistrySummary = Type.Object({
  id: Id,
  number: Type.String(),
  createdAt: DateTimeString,
  patient: PersonRef,
  services: Type.Array(Type.Object({ id: Id, code: Type.String(), title: Type.String() })),
  resultsReady: Type.Boolean(),
});
export type RegistrySummary = Static<typeof RegistrySummary>;
export const PatientRegistriesResponse = Page(RegistrySummary);
export type PatientRegistriesResponse = Static<typeof PatientRegistriesResponse>;

export const PatientRegistriesCountQuery = Type.Object({
  ...DateRange,
  query: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PatientRegistriesCountQuery = Static<typeof PatientRegistriesCountQuery>;

export const PatientParams = Type.Object({ id: Id });
export type PatientParams = Static<typeof PatientParams>;

export const AnalysisDynamicsParams = Type.Object({ patientId: Id, analysisId: Id });
export type AnalysisDynamicsParams = Static<typeof AnalysisDynamicsParams>;

/** One measurement; `value` is the numeric reading when there is one (for the chart). */
export const DynamicsPoint = Type.Object({
  registryId: Id,
  date: DateTimeString,
  result: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  found: Nullable(Type.Boolean()),
});
export type DynamicsPoint = Static<typeof DynamicsPoint>;

/** The signed-in user's notices: an SMS when an order's results are ready (on by default). */
export const NotificationSettings = Type.Object({ resultsSms: Type.Boolean() });
export type NotificationSettings = Static<typeof NotificationSettings>;
export const NotificationSettingsBody = Body({ resultsSms: Type.Boolean() });
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

/** Dynamics per indicator (table or chart), oldest first. */
export const AnalysisDynamics = Type.Object({
  analysisId: Id,
  analysisName: Type.String(),
  unit: Nullable(Type.String()),
  referenceValues: Nullable(Type.String()),
  points: Type.Array(DynamicsPoint),
});
export type AnalysisDynamics = Static<typeof AnalysisDynamics>;
