/** The demo accounts on the real seed: they sign in, and their account pages have something to show. */
import type {
  AnalysisDynamics,
  LoginResponse,
  PatientRegistriesResponse,
  PatientSelf,
  RegistriesResponse,
  ResultRow,
  Workplace,
} from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { lastCode, testAuthSettings } from '../test-support/accounts';
import { openEmptyDatabase, type TestDatabase } from '../test-support/harness';
import { call, ok } from '../test-support/http';
import { seedData } from './data';
import { DEMO_PHONES, ensureDemo, hasDemo } from './demo';
import { insertSeed } from './insert';

let t: TestDatabase;
let app: FastifyInstance;
const NOW = new Date('2026-11-18T10:00:00Z');

beforeAll(async () => {
  t = await openEmptyDatabase();
  await migrate(t.db);
  await insertSeed(t.db, seedData);
  expect(await ensureDemo(t.db, { now: NOW })).toBe(true);
  app = await buildApp({
    db: t.db,
    clock: () => NOW,
    config: { rateLimitMax: 0, auth: testAuthSettings() },
    docsUi: false,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function signIn(phone: string): Promise<{ cookie: string; body: LoginResponse }> {
  await ok(app, 'authPhone', { body: { phone } });
  const res = await call(app, 'login', { body: { phone, password: lastCode(app, phone) } });
  expect(res.status).toBe(200);
  const raw = res.headers['set-cookie'];
  const cookie = String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] ?? '';
  return { cookie, body: res.body as LoginResponse };
}

describe('demo accounts', () => {
  it('are inserted once', async () => {
    expect(await hasDemo(t.db)).toBe(true);
    expect(await ensureDemo(t.db, { now: NOW })).toBe(false);
  });

  it('the patient signs in and has two wards, orders over a year, results and dynamics', async () => {
    const { cookie, body } = await signIn(DEMO_PHONES.patient);
    expect(body.roles).toEqual(['patient']);
    const self = await ok<PatientSelf>(app, 'patientSelf', { headers: { cookie } });
    expect(self.userData.firstName).toBe('Олена');
    expect(self.wards.map((ward) => ward.userData.firstName)).toEqual(['Софія', 'Максим']);
    const orders = await ok<RegistriesResponse>(app, 'registriesList', {
      headers: { cookie },
      query: { 'customer-type': 'patient', 'on-site': true, size: 50 },
    });
    // more than one page of my orders (10), in every display state of docs/product.md#orders
    expect(orders.totalElements).toBeGreaterThan(10);
    expect(new Set(orders.content.map((order) => order.state))).toEqual(
      new Set([
        'results-ready',
        'awaiting-results',
        'payment-pending',
        'payment-failed',
        'paid',
        'waiting-at-branch',
        'paid-at-branch',
      ]),
    );
    // a qualitative test found, and one not found
    const qualitative: ResultRow[] = [];
    for (const order of orders.content.filter((o) => o.state === 'results-ready' && o.registryId !== null)) {
      const rows = await ok<ResultRow[]>(app, 'registryResults', {
        headers: { cookie },
        params: { id: order.registryId ?? 0 },
      });
      qualitative.push(...rows.filter((row) => row.found !== null));
    }
    expect(new Set(qualitative.map((row) => row.found))).toEqual(new Set([true, false]));
    const history = await ok<PatientRegistriesResponse>(app, 'patientRegistries', {
      headers: { cookie },
      params: { id: self.id },
      query: { size: 50 },
    });
    const oldest = history.content.at(-1);
    const rows = await ok<ResultRow[]>(app, 'registryResults', {
      headers: { cookie },
      params: { id: oldest?.id ?? 0 },
    });
    const names = rows.map((row) => row.analysisName);
    expect(names).toEqual(expect.arrayContaining(['Гемоглобін', 'Феритин', 'Вітамін D (25-OH)']));
    expect(rows.some((row) => row.outOfRange !== null)).toBe(true);
    const allRows: ResultRow[] = [];
    for (const registry of history.content.filter((r) => r.resultsReady)) {
      allRows.push(
        ...(await ok<ResultRow[]>(app, 'registryResults', { headers: { cookie }, params: { id: registry.id } })),
      );
    }
    for (const name of ['Гемоглобін', 'Феритин', 'Холестерин загальний']) {
      const analyte = allRows.find((row) => row.analysisName === name);
      const dynamics = await ok<AnalysisDynamics>(app, 'analysisDynamics', {
        headers: { cookie },
        params: { patientId: self.id, analysisId: analyte?.analysisId ?? 0 },
      });
      expect({ name, points: dynamics.points.length >= 3 }).toEqual({ name, points: true });
    }
  });

  it('the doctor signs in with two workplaces and sees referrals with results', async () => {
    const { cookie, body } = await signIn(DEMO_PHONES.doctor);
    expect(body.roles).toEqual(['doctor']);
    const workplaces = await ok<Workplace[]>(app, 'doctorWorkplaces', { headers: { cookie } });
    expect(workplaces.map((w) => w.code)).toEqual(['MELNYK-1', 'MELNYK-2']);
    const referrals = await ok<RegistriesResponse>(app, 'registriesList', {
      headers: { cookie },
      query: { 'customer-type': 'doctor', size: 50 },
    });
    const patients = new Set(referrals.content.map((order) => order.patient.id));
    expect(patients.size).toBeGreaterThanOrEqual(3);
    // more than one page of the referral list (20)
    expect(referrals.totalElements).toBeGreaterThan(20);
    const tkachenko = referrals.content.find((order) => order.patient.lastName === 'Ткаченко');
    const history = await ok<PatientRegistriesResponse>(app, 'patientRegistries', {
      headers: { cookie },
      params: { id: tkachenko?.patient.id ?? 0 },
    });
    expect(history.totalElements).toBeGreaterThan(3);
    expect(await ok(app, 'doctorManager', { headers: { cookie } })).toMatchObject({ lastName: 'Кравченко' });
  });

  it('the user who is both has both roles', async () => {
    const { cookie, body } = await signIn(DEMO_PHONES.both);
    expect(body.roles).toEqual(['patient', 'doctor']);
    expect((await call(app, 'doctorSelf', { headers: { cookie } })).status).toBe(200);
    expect((await call(app, 'patientSelf', { headers: { cookie } })).status).toBe(200);
  });
});
