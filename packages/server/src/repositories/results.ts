/**
 * Lab results: a registry with its result rows, a patient's registries, and one indicator's history
 * (dynamics). Every read takes an access scope: the user's own orders (themselves and their wards) or,
 * for a doctor, the orders they referred. Anything outside the scope reads as missing.
 */
import type { AnalysisDynamics, Registry, RegistrySummary, ResultRow } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import { type Clock, kyivInstant } from '../domain/kyiv-time';
import { resultsProgress } from '../domain/lab-results';
import type { FhirInput, FhirResultRow } from '../domain/results-fhir';
import type { Locale } from '../i18n/messages';
import { containsPattern } from './orders';
import { nameColumns } from './people';
import { sharedWithDoctorSql } from './shares';
import { localized, type PageOf, pageOf, pageOffset } from './sql';
import { SqlParams } from './sql-params';

export interface ResultsScope {
  readonly userId: number;
  readonly doctorId: number | null;
}

export interface ResultsPdfDetails {
  readonly birthDay: string | null;
  readonly sex: 'male' | 'female' | null;
  readonly sampledAt: string | null;
  readonly validatedBy: string | null;
  readonly validatedAt: string | null;
}

export interface PatientRegistriesFilter {
  readonly page: number;
  readonly size: number;
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly query?: string;
}

/** A doctor's scope also holds the orders shared with them through links that still open (shares.ts). */
function scopeSql(scope: ResultsScope, p: SqlParams, now: Date): string {
  const parts = [`o.user_id = ${p.add(scope.userId)}`];
  if (scope.doctorId !== null) {
    parts.push(`o.doctor_id = ${p.add(scope.doctorId)}`, sharedWithDoctorSql(scope.doctorId, now, p));
  }
  return `(${parts.join(' OR ')})`;
}

function nextDay(date: string): string {
  const instant = new Date(`${date}T12:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + 1);
  return instant.toISOString().slice(0, 10);
}

type HeadRow = {
  id: number;
  orderId: string;
  number: string;
  createdAt: string;
  resultsReady: boolean;
  resultsReadyAt: string | null;
  patientId: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
};

export function createResultsRepository(db: Queryable, clock: Clock) {
  const head = (locale: Locale) =>
    `SELECT r.id, o.id AS "orderId", o.number, r.created_at AS "createdAt", o.lab_status = 'ready' AS "resultsReady",
            CASE WHEN o.lab_status = 'ready' THEN o.results_ready_at END AS "resultsReadyAt",
            pt.id AS "patientId", ${nameColumns('pt', locale)}
       FROM registries r JOIN orders o ON o.id = r.order_id JOIN patients pt ON pt.id = o.patient_id`;

  const patientOf = (row: HeadRow) => ({
    id: row.patientId,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
  });

  const repo = {
    async rows(registryId: number, scope: ResultsScope, locale: Locale): Promise<ResultRow[] | null> {
      const p = new SqlParams();
      const visible = await db.maybeOne(
        `SELECT 1 FROM registries r JOIN orders o ON o.id = r.order_id WHERE r.id = ${p.add(registryId)} AND ${scopeSql(scope, p, clock())}`,
        p.values,
      );
      if (!visible) return null;
      return db.query<ResultRow>(
        `SELECT a.id AS "analysisId", ${localized('a.title', locale)} AS "analysisName", x.result, x.unit,
                x.reference_values AS "referenceValues",
                ${locale === 'ru' ? "coalesce(nullif(x.note_ru, ''), x.note_uk)" : 'x.note_uk'} AS note,
                x.found, x.out_of_range AS "outOfRange"
           FROM results x JOIN analytes a ON a.id = x.analyte_id
          WHERE x.registry_id = $1 ORDER BY x.sort_order, a.id`,
        [registryId],
      );
    },

    async registry(registryId: number, scope: ResultsScope, locale: Locale): Promise<Registry | null> {
      const p = new SqlParams();
      const row = await db.maybeOne<HeadRow>(
        `${head(locale)} WHERE r.id = ${p.add(registryId)} AND ${scopeSql(scope, p, clock())}`,
        p.values,
      );
      if (!row) return null;
      const results = (await repo.rows(registryId, scope, locale)) ?? [];
      const progress = (await resultsProgress(db, [{ id: row.orderId, registryId }])).get(row.orderId);
      return {
        id: row.id,
        number: row.number,
        createdAt: row.createdAt,
        patient: patientOf(row),
        resultsReady: row.resultsReady,
        resultsReadyAt: row.resultsReadyAt,
        awaiting: row.resultsReady ? 0 : Math.max(0, (progress?.expected ?? 0) - results.length),
        results,
      };
    },

    /**
     * What the FHIR Bundle of a registry is made of (domain/results-fhir.ts), in the scope; null outside
     * it. The rows carry their structured form: the indicator's code, the number, UCUM, the range.
     */
    async fhirSource(
      registryId: number,
      scope: ResultsScope,
      locale: Locale,
    ): Promise<Omit<FhirInput, 'labName' | 'publicUrl' | 'now' | 'language'> | null> {
      const registry = await repo.registry(registryId, scope, locale);
      if (!registry) return null;
      const head = await db.one<{
        number: string;
        createdAt: string;
        sampledAt: string | null;
        resultsReadyAt: string | null;
        corrections: number;
        patientNumber: string;
        gender: 'male' | 'female' | null;
        birthDay: string | null;
      }>(
        `SELECT o.number, o.created_at AS "createdAt", o.sampled_at AS "sampledAt", o.results_ready_at AS "resultsReadyAt",
                o.results_corrections AS corrections, pt.number AS "patientNumber", g.code AS gender,
                pt.birth_day AS "birthDay"
           FROM registries r JOIN orders o ON o.id = r.order_id JOIN patients pt ON pt.id = o.patient_id
           LEFT JOIN genders g ON g.id = pt.gender_id
          WHERE r.id = $1`,
        [registryId],
      );
      const rows = await db.query<FhirResultRow>(
        `SELECT a.code AS "analyteCode", ${localized('a.title', locale)} AS title, x.result, x.value, x.unit, x.ucum,
                x.reference_values AS "referenceValues", x.ref_low AS "refLow", x.ref_high AS "refHigh",
                ${locale === 'ru' ? "coalesce(nullif(x.note_ru, ''), x.note_uk)" : 'x.note_uk'} AS note,
                x.found, x.out_of_range AS "outOfRange", x.revision, x.reported_at AS "reportedAt"
           FROM results x JOIN analytes a ON a.id = x.analyte_id
          WHERE x.registry_id = $1 ORDER BY x.sort_order, a.id`,
        [registryId],
      );
      return {
        registryId,
        orderNumber: head.number,
        createdAt: head.createdAt,
        sampledAt: head.sampledAt,
        resultsReadyAt: head.resultsReadyAt,
        resultsReady: registry.resultsReady,
        awaiting: registry.awaiting,
        corrected: head.corrections > 0 || rows.some((row) => row.revision > 1),
        patient: {
          number: head.patientNumber,
          firstName: registry.patient.firstName,
          lastName: registry.patient.lastName,
          middleName: registry.patient.middleName,
          gender: head.gender,
          birthDay: head.birthDay,
        },
        rows,
      };
    },

    /**
     * What the PDF adds to the results (docs/product.md#entities, the user's and the result's fields): the patient's
     * date of birth and sex, when the sample was taken, who validated the results and when. The caller
     * has checked the scope.
     */
    async pdfDetails(registryId: number): Promise<ResultsPdfDetails | null> {
      return db.maybeOne<ResultsPdfDetails>(
        `SELECT pt.birth_day AS "birthDay", g.code AS sex, o.sampled_at AS "sampledAt",
                (SELECT string_agg(DISTINCT x.validated_by, '; ') FROM results x
                  WHERE x.registry_id = r.id AND x.validated_by IS NOT NULL) AS "validatedBy",
                coalesce((SELECT max(x.validated_at) FROM results x WHERE x.registry_id = r.id), o.results_ready_at)
                  AS "validatedAt"
           FROM registries r JOIN orders o ON o.id = r.order_id JOIN patients pt ON pt.id = o.patient_id
           LEFT JOIN genders g ON g.id = pt.gender_id
          WHERE r.id = $1`,
        [registryId],
      );
    },

    /** Whether any registry of a patient lies within the scope (else the patient is "not found"). */
    async patientVisible(patientId: number, scope: ResultsScope): Promise<boolean> {
      const p = new SqlParams();
      const ownPatient = await db.maybeOne(
        `SELECT 1 FROM patients pt JOIN patients owner ON owner.id = coalesce(pt.owner_id, pt.id)
          WHERE pt.id = ${p.add(patientId)} AND owner.user_id = ${p.add(scope.userId)}`,
        p.values,
      );
      if (ownPatient) return true;
      if (scope.doctorId === null) return false;
      const q = new SqlParams();
      const referred = await db.maybeOne(
        `SELECT 1 FROM orders o WHERE o.patient_id = ${q.add(patientId)}
            AND (o.doctor_id = ${q.add(scope.doctorId)} OR ${sharedWithDoctorSql(scope.doctorId, clock(), q)}) LIMIT 1`,
        q.values,
      );
      return referred !== null;
    },

    async patientRegistries(
      patientId: number,
      scope: ResultsScope,
      filter: PatientRegistriesFilter,
      locale: Locale,
    ): Promise<PageOf<RegistrySummary>> {
      const p = new SqlParams();
      const where = [`o.patient_id = ${p.add(patientId)}`, scopeSql(scope, p, clock())];
      if (filter.dateFrom)
        where.push(`r.created_at >= ${p.add(kyivInstant(filter.dateFrom).toISOString())}::timestamptz`);
      if (filter.dateTo)
        where.push(`r.created_at < ${p.add(kyivInstant(nextDay(filter.dateTo)).toISOString())}::timestamptz`);
      if (filter.query?.trim()) {
        const q = p.add(containsPattern(filter.query));
        where.push(`(o.number ILIKE ${q} OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id
                      AND (i.title_uk ILIKE ${q} OR i.title_ru ILIKE ${q} OR i.code ILIKE ${q})))`);
      }
      const condition = where.join(' AND ');
      const total = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM registries r JOIN orders o ON o.id = r.order_id WHERE ${condition}`,
        p.values,
      );
      const rows = await db.query<HeadRow>(
        `${head(locale)} WHERE ${condition}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${p.add(filter.size)} OFFSET ${p.add(pageOffset(filter.page, filter.size))}`,
        p.values,
      );
      const services =
        rows.length === 0
          ? []
          : await db.query<{ orderId: string; id: number; code: string; title: string }>(
              `SELECT i.order_id AS "orderId", i.service_id AS id, i.code, ${localized('i.title', locale)} AS title
                 FROM order_items i WHERE i.order_id = ANY($1::uuid[]) AND NOT i.additional
                ORDER BY i.sort_order, i.service_id`,
              [rows.map((row) => row.orderId)],
            );
      return pageOf(
        rows.map((row) => ({
          id: row.id,
          number: row.number,
          createdAt: row.createdAt,
          patient: patientOf(row),
          services: services
            .filter((service) => service.orderId === row.orderId)
            .map(({ id, code, title }) => ({ id, code, title })),
          resultsReady: row.resultsReady,
        })),
        total.n,
        filter,
      );
    },

    async patientRegistriesCount(
      patientId: number,
      scope: ResultsScope,
      filter: Omit<PatientRegistriesFilter, 'page' | 'size'>,
    ): Promise<number> {
      const page = await repo.patientRegistries(patientId, scope, { ...filter, page: 0, size: 1 }, 'uk');
      return page.totalElements;
    },

    /** One indicator of a patient over time, oldest first; null when there is none in the scope. */
    async dynamics(
      patientId: number,
      analyteId: number,
      scope: ResultsScope,
      locale: Locale,
    ): Promise<AnalysisDynamics | null> {
      const p = new SqlParams();
      const rows = await db.query<{
        registryId: number;
        date: string;
        result: string | null;
        value: number | null;
        found: boolean | null;
        unit: string | null;
        referenceValues: string | null;
        analysisName: string;
      }>(
        `SELECT r.id AS "registryId", coalesce(o.results_ready_at, r.created_at) AS date, x.result, x.value, x.found,
                x.unit, x.reference_values AS "referenceValues", ${localized('a.title', locale)} AS "analysisName"
           FROM results x JOIN registries r ON r.id = x.registry_id JOIN orders o ON o.id = r.order_id
           JOIN analytes a ON a.id = x.analyte_id
          WHERE o.patient_id = ${p.add(patientId)} AND x.analyte_id = ${p.add(analyteId)} AND ${scopeSql(scope, p, clock())}
          ORDER BY date, r.id`,
        p.values,
      );
      const latest = rows.at(-1);
      if (!latest) return null;
      return {
        analysisId: analyteId,
        analysisName: latest.analysisName,
        unit: latest.unit,
        referenceValues: latest.referenceValues,
        points: rows.map(({ registryId, date, result, value, found }) => ({ registryId, date, result, value, found })),
      };
    },
  };
  return repo;
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
