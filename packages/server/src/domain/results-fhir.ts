/**
 * An order's results as a FHIR R4 Bundle (https://hl7.org/fhir/R4/), for health-record apps (SMART on
 * FHIR apps, Apple Health Records and the like): a `collection` of
 *   - the Patient (name, sex, birth date, the patient number as identifier),
 *   - the laboratory as the Organization that performed the tests,
 *   - a DiagnosticReport (LOINC 11502-2 "Laboratory report"; final, partial while rows are missing,
 *     corrected after a correction) referencing every Observation,
 *   - one Observation per result row: coded with LOINC where the indicator has a code (domain/loinc.ts)
 *     and always with the laboratory's own code; a number as valueQuantity in UCUM, a qualitative
 *     result as valueCodeableConcept (SNOMED CT detected / not detected), a descriptive one as
 *     valueString; referenceRange; interpretation H / L / N (POS / NEG for qualitative results); the
 *     laboratory's note.
 * Resource ids are UUIDs derived from the site, the registry and the indicator, so a second download of
 * the same order names the same resources (an app that imports it twice can tell).
 * Validated by two FHIR validators from the npm registry in `results-fhir.test.ts`.
 */
import { createHash } from 'node:crypto';
import type { StoredResult } from './lab-results';
import { loincOf } from './loinc';

/** A stored row with what the Bundle names it by; a row not yet reported has no result. */
export interface FhirResultRow extends Omit<StoredResult, 'result'> {
  readonly analyteCode: string;
  readonly title: string;
  readonly result: string | null;
  readonly revision: number;
  readonly reportedAt: string | null;
}

export interface FhirInput {
  readonly registryId: number;
  readonly orderNumber: string;
  readonly createdAt: string;
  readonly sampledAt: string | null;
  readonly resultsReadyAt: string | null;
  readonly resultsReady: boolean;
  /** Rows still awaited (partial results). */
  readonly awaiting: number;
  readonly corrected: boolean;
  readonly patient: {
    readonly number: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly middleName: string | null;
    readonly gender: 'male' | 'female' | null;
    readonly birthDay: string | null;
  };
  readonly rows: readonly FhirResultRow[];
  readonly labName: string;
  /** The site's public address: the namespace of identifiers and of the laboratory's own codes. */
  readonly publicUrl: string;
  readonly language: 'uk' | 'ru';
  /** The moment of the download. */
  readonly now: string;
}

type Json = Record<string, unknown>;

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/** A name-based UUID (RFC 4122 version 5 layout over SHA-1) of a text. */
export function stableUuid(text: string): string {
  const hash = createHash('sha1').update(text, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const INTERPRETATIONS = {
  H: 'High',
  L: 'Low',
  N: 'Normal',
  POS: 'Positive',
  NEG: 'Negative',
} as const;

function interpretation(row: FhirResultRow): keyof typeof INTERPRETATIONS | null {
  if (row.found !== null) return row.found ? 'POS' : 'NEG';
  if (row.value === null) return null;
  if (row.outOfRange === 'high') return 'H';
  if (row.outOfRange === 'low') return 'L';
  return row.refLow !== null || row.refHigh !== null ? 'N' : null;
}

function quantity(value: number, row: FhirResultRow): Json {
  return row.ucum !== null
    ? { value, unit: row.ucum, system: UCUM, code: row.ucum }
    : { value, ...(row.unit !== null ? { unit: row.unit } : {}) };
}

function value(row: FhirResultRow): Json {
  if (row.found !== null) {
    return {
      valueCodeableConcept: {
        coding: [
          row.found
            ? { system: SNOMED, code: '260373001', display: 'Detected' }
            : { system: SNOMED, code: '260415000', display: 'Not detected' },
        ],
        text: row.result ?? (row.found ? 'Виявлено' : 'Не виявлено'),
      },
    };
  }
  if (row.value !== null) return { valueQuantity: quantity(row.value, row) };
  if (row.result !== null && row.result.trim() !== '') return { valueString: row.result };
  return {
    dataAbsentReason: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'unknown' }],
    },
  };
}

function referenceRange(row: FhirResultRow): Json | null {
  const range: Json = {};
  if (row.value !== null && row.refLow !== null) range.low = quantity(row.refLow, row);
  if (row.value !== null && row.refHigh !== null) range.high = quantity(row.refHigh, row);
  if (row.referenceValues !== null && row.referenceValues.trim() !== '') range.text = row.referenceValues;
  return Object.keys(range).length > 0 ? range : null;
}

/** An instant with its zone (FHIR's `instant` and `dateTime` need one). */
function instant(iso: string): string {
  return new Date(iso).toISOString();
}

export function resultsBundle(input: FhirInput): Json {
  const base = `${input.publicUrl}/fhir`;
  const id = (kind: string, part = '') => stableUuid(`${base}|registry|${input.registryId}|${kind}|${part}`);
  const patientId = stableUuid(`${base}|patient|${input.patient.number}`);
  const labId = stableUuid(`${base}|organization|laboratory`);
  const reportId = id('report');
  const effective = instant(input.sampledAt ?? input.createdAt);
  const issued = instant(input.resultsReadyAt ?? input.now);
  const lab = { reference: `urn:uuid:${labId}`, display: input.labName };
  const subject = { reference: `urn:uuid:${patientId}` };
  const category = [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/observation-category',
          code: 'laboratory',
          display: 'Laboratory',
        },
      ],
    },
  ];

  const patient: Json = {
    resourceType: 'Patient',
    id: patientId,
    identifier: [{ system: `${base}/patient-number`, value: input.patient.number }],
    name: [
      {
        use: 'official',
        text: [input.patient.lastName, input.patient.firstName, input.patient.middleName].filter(Boolean).join(' '),
        family: input.patient.lastName,
        given: [input.patient.firstName, ...(input.patient.middleName ? [input.patient.middleName] : [])],
      },
    ],
    gender: input.patient.gender ?? 'unknown',
    ...(input.patient.birthDay ? { birthDate: input.patient.birthDay } : {}),
  };
  const organization: Json = { resourceType: 'Organization', id: labId, active: true, name: input.labName };

  const observations = input.rows.map((row) => {
    const loinc = loincOf(row.analyteCode);
    const range = referenceRange(row);
    const flag = interpretation(row);
    const observation: Json = {
      resourceType: 'Observation',
      id: id('observation', row.analyteCode),
      status: row.revision > 1 ? 'corrected' : 'final',
      category,
      code: {
        coding: [
          ...(loinc ? [{ system: LOINC, code: loinc.code, display: loinc.display }] : []),
          { system: `${base}/analyte`, code: row.analyteCode, display: row.title },
        ],
        text: row.title,
      },
      subject,
      effectiveDateTime: effective,
      issued: instant(row.reportedAt ?? input.resultsReadyAt ?? input.now),
      performer: [lab],
      ...value(row),
      ...(flag
        ? { interpretation: [{ coding: [{ system: INTERPRETATION, code: flag, display: INTERPRETATIONS[flag] }] }] }
        : {}),
      ...(row.note ? { note: [{ text: row.note }] } : {}),
      ...(range ? { referenceRange: [range] } : {}),
    };
    return observation;
  });

  const report: Json = {
    resourceType: 'DiagnosticReport',
    id: reportId,
    identifier: [{ system: `${base}/order-number`, value: input.orderNumber }],
    status: !input.resultsReady ? 'partial' : input.corrected ? 'corrected' : 'final',
    category: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }],
      },
    ],
    code: {
      coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }],
      text: input.language === 'ru' ? 'Результаты лабораторных исследований' : 'Результати лабораторних досліджень',
    },
    subject,
    effectiveDateTime: effective,
    issued,
    performer: [lab],
    result: observations.map((observation) => ({ reference: `urn:uuid:${observation.id as string}` })),
    ...(input.awaiting > 0
      ? {
          conclusion:
            input.language === 'ru'
              ? `Результаты частичные: ожидается ещё показателей: ${input.awaiting}`
              : `Результати часткові: очікується ще показників: ${input.awaiting}`,
        }
      : {}),
  };

  const entries = [patient, organization, report, ...observations].map((resource) => ({
    fullUrl: `urn:uuid:${resource.id as string}`,
    resource,
  }));
  return {
    resourceType: 'Bundle',
    id: id('bundle', input.now),
    meta: { lastUpdated: instant(input.now) },
    identifier: { system: `${base}/order-number`, value: input.orderNumber },
    type: 'collection',
    timestamp: instant(input.now),
    entry: entries,
  };
}
