/** Shared results: the owner's links, the recipient's reads, the doctor's view, and who may do what. */
import type {
  Registry,
  ResultShare,
  ShareCreated,
  SharedForDoctor,
  SharedResults,
  SharesResponse,
} from '@lab/api/contract';
import { createDoctorUser, createPatientUser, createWard, sessionCookie } from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';
import { orderWithResults } from '../../../test-support/orders';
import { pdfText } from '../../../test-support/pdf';

const t = useTestApp();

async function patient() {
  const p = await createPatientUser(t.db, { birthDay: '1985-03-09', gender: 'male' });
  return { ...p, cookie: await sessionCookie(t.app, p.userId) };
}
async function doctor() {
  const d = await createDoctorUser(t.db);
  return { ...d, cookie: await sessionCookie(t.app, d.userId) };
}
async function sharedOrder(days: 1 | 7 | 30 = 7) {
  const owner = await patient();
  const placed = await orderWithResults(t.app, t.db, owner);
  const created = await ok<ShareCreated>(t.app, 'resultShareCreate', {
    headers: { cookie: owner.cookie },
    body: { registryId: placed.registryId, days },
  });
  return { owner, placed, created };
}
const open = (token: string, code: string, headers: Record<string, string> = {}) =>
  call(t.app, 'sharedResults', { params: { token }, body: { code }, headers });
const pdfOf = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/registry/shared/${token}/pdf`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
  });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const audit = (event: string) =>
  t.db.query<{ outcome: string; reason: string | null; userId: number | null }>(
    `SELECT outcome, reason, user_id AS "userId" FROM audit_log WHERE event = $1 ORDER BY id`,
    [event],
  );

describe('sharing an order’s results by link and code', () => {
  it('makes a link for 7 days; a guest with the code reads the results and the PDF; the account lists when', async () => {
    const { owner, placed, created } = await sharedOrder();
    expect(created.code).toMatch(/^\d{6}$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.share).toMatchObject({ registryId: placed.registryId, status: 'active', openCount: 0 });
    expect(Date.parse(created.share.expiresAt) - DEFAULT_NOW.getTime()).toBe(7 * 24 * 3600 * 1000);

    const read = await open(created.token, created.code);
    expect(read.status).toBe(200);
    const shared = read.body as SharedResults;
    const own = await ok<Registry>(t.app, 'registry', {
      headers: { cookie: owner.cookie },
      params: { id: placed.registryId },
    });
    expect(shared.registry).toEqual(own);
    expect(read.headers['cache-control']).toBe('private, no-store');

    const pdf = await pdfOf(created.token, created.code);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).pages.join('\n');
    expect(text).toContain(own.patient.lastName);
    expect(text).toContain('09.03.1985');
    expect(text).toContain(`/shared/${created.token}`);

    t.setNow('2026-11-18T10:20:00.000Z');
    const list = await ok<SharesResponse>(t.app, 'resultSharesList', { headers: { cookie: owner.cookie } });
    expect(list.enabled).toBe(true);
    expect(list.shares).toEqual([
      expect.objectContaining({ id: created.share.id, openCount: 2, lastOpenedAt: DEFAULT_NOW.toISOString() }),
    ]);
    // the token and the code are answered once: the list never carries them
    expect(JSON.stringify(list)).not.toContain(created.token);
    const opened = await audit('shared-results-read');
    expect(opened.at(-1)).toMatchObject({ outcome: 'success', userId: null });
  });

  it('shares a ward’s order too, and only 1, 7 or 30 days', async () => {
    const owner = await patient();
    const ward = await createWard(t.db, owner.patientId);
    const placed = await orderWithResults(t.app, t.db, owner, { patientId: ward });
    const headers = { cookie: owner.cookie };
    for (const days of [0, 3, 31]) {
      const res = await call(t.app, 'resultShareCreate', { headers, body: { registryId: placed.registryId, days } });
      expect(res.status).toBe(400);
    }
    const created = await ok<ShareCreated>(t.app, 'resultShareCreate', {
      headers,
      body: { registryId: placed.registryId, days: 1 },
    });
    expect(created.share.patient.id).toBe(ward);
  });

  it('refuses a wrong code, then limits the tries like the SMS code (429), even for the right code', async () => {
    const { created } = await sharedOrder();
    const wrong = await open(created.token, wrongCode(created.code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'share-code-invalid', field: 'code', message: 'Невірний код доступу' });
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await open(created.token, wrongCode(created.code))).status).toBe(400);
    }
    const limited = await open(created.token, created.code);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.body).toMatchObject({ code: 'share-attempts-exceeded' });
    expect((await pdfOf(created.token, created.code)).statusCode).toBe(429);
    // the next hour the link opens again with the right code
    t.setNow(new Date(DEFAULT_NOW.getTime() + 3600 * 1000));
    expect((await open(created.token, created.code)).status).toBe(200);
    const tries = await audit('shared-results-read');
    expect(tries.filter((row) => row.reason === 'share-code-invalid').length).toBeGreaterThanOrEqual(5);
  });

  it('refuses an unknown, an expired and a revoked link', async () => {
    const unknown = await open('A'.repeat(43), '123456');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not-found', message: 'Посилання не знайдено' } });
    expect((await open('short', '123456')).status).toBe(400);

    const day = await sharedOrder(1);
    t.setNow(new Date(DEFAULT_NOW.getTime() + 24 * 3600 * 1000));
    expect(await open(day.created.token, day.created.code)).toMatchObject({
      status: 410,
      body: { code: 'share-expired' },
    });
    t.setNow(DEFAULT_NOW);

    const { owner, created } = await sharedOrder();
    const revoked = await ok<ResultShare>(t.app, 'resultShareRevoke', {
      headers: { cookie: owner.cookie },
      params: { id: created.share.id },
    });
    expect(revoked.status).toBe('revoked');
    expect(await open(created.token, created.code)).toMatchObject({ status: 410, body: { code: 'share-revoked' } });
    expect((await pdfOf(created.token, created.code)).statusCode).toBe(410);
  });

  it('stops every link and refuses new ones while the owner’s setting is off, with the “sharing unavailable” message (docs/product.md#errors)', async () => {
    const { owner, placed, created } = await sharedOrder();
    const headers = { cookie: owner.cookie };
    expect(await ok(t.app, 'sharingSettingsUpdate', { headers, body: { enabled: false } })).toEqual({ enabled: false });
    expect(await ok(t.app, 'sharingSettings', { headers })).toEqual({ enabled: false });
    const refused = await call(t.app, 'resultShareCreate', {
      headers,
      body: { registryId: placed.registryId, days: 7 },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'sharing-unavailable', message: expect.stringContaining('недоступне') },
    });
    expect(await open(created.token, created.code)).toMatchObject({
      status: 403,
      body: { code: 'sharing-unavailable' },
    });
    expect((await ok<SharesResponse>(t.app, 'resultSharesList', { headers })).enabled).toBe(false);
    await ok(t.app, 'sharingSettingsUpdate', { headers, body: { enabled: true } });
    expect((await open(created.token, created.code)).status).toBe(200);
  });
});

describe('a doctor opens shared results in the doctor’s view', () => {
  it('takes them with the code, reads the order, its PDF and the patient there until the link is revoked', async () => {
    const { owner, placed, created } = await sharedOrder();
    const doc = await doctor();
    const headers = { cookie: doc.cookie };
    // before the code, nothing of the order in the doctor's view
    expect((await call(t.app, 'registry', { headers, params: { id: placed.registryId } })).status).toBe(404);
    expect(
      (
        await call(t.app, 'sharedResultsDoctor', {
          headers,
          params: { token: created.token },
          body: { code: wrongCode(created.code) },
        })
      ).status,
    ).toBe(400);
    const taken = await ok<SharedForDoctor>(t.app, 'sharedResultsDoctor', {
      headers,
      params: { token: created.token },
      body: { code: created.code },
    });
    expect(taken).toMatchObject({ patientId: owner.patientId, registryId: placed.registryId });
    expect((await ok<Registry>(t.app, 'registry', { headers, params: { id: placed.registryId } })).id).toBe(
      placed.registryId,
    );
    expect((await call(t.app, 'registryResultsPdf', { headers, params: { id: placed.registryId } })).status).toBe(200);
    expect((await call(t.app, 'patientRegistries', { headers, params: { id: owner.patientId } })).status).toBe(200);
    expect((await audit('shared-results-doctor')).at(-1)).toMatchObject({ outcome: 'success', userId: doc.userId });

    await ok(t.app, 'resultShareRevoke', { headers: { cookie: owner.cookie }, params: { id: created.share.id } });
    // the doctor who took it is told why it is gone, as the link itself says; the patient's list is gone too
    expect(await call(t.app, 'registry', { headers, params: { id: placed.registryId } })).toMatchObject({
      status: 410,
      body: { code: 'share-revoked', message: 'Власник скасував це посилання' },
    });
    expect((await call(t.app, 'registryResultsPdf', { headers, params: { id: placed.registryId } })).status).toBe(410);
    expect((await call(t.app, 'patientRegistries', { headers, params: { id: owner.patientId } })).status).toBe(404);
    // another doctor, who never took the link, learns nothing of it
    const stranger = await doctor();
    expect(
      await call(t.app, 'registry', { headers: { cookie: stranger.cookie }, params: { id: placed.registryId } }),
    ).toMatchObject({ status: 404, body: { code: 'not-found' } });
  });

  it('tells the doctor a link expired, or that the owner turned sharing off, once the order leaves the view', async () => {
    const { owner, placed, created } = await sharedOrder(1);
    const doc = await doctor();
    const headers = { cookie: doc.cookie };
    await ok(t.app, 'sharedResultsDoctor', { headers, params: { token: created.token }, body: { code: created.code } });
    await ok(t.app, 'sharingSettingsUpdate', { headers: { cookie: owner.cookie }, body: { enabled: false } });
    expect(await call(t.app, 'registry', { headers, params: { id: placed.registryId } })).toMatchObject({
      status: 403,
      body: { code: 'sharing-unavailable' },
    });
    await ok(t.app, 'sharingSettingsUpdate', { headers: { cookie: owner.cookie }, body: { enabled: true } });
    expect((await call(t.app, 'registry', { headers, params: { id: placed.registryId } })).status).toBe(200);
    // the link's day is over (moving the clock a day would end the doctor's session as well)
    await t.db.query(
      `UPDATE result_shares SET created_at = created_at - interval '1 day', expires_at = created_at WHERE id = $1`,
      [created.share.id],
    );
    expect(await call(t.app, 'registryResults', { headers, params: { id: placed.registryId } })).toMatchObject({
      status: 410,
      body: { code: 'share-expired' },
    });
  });

  it('refuses the doctor’s view to a patient and to a guest', async () => {
    const { created } = await sharedOrder();
    const other = await patient();
    const asPatient = await call(t.app, 'sharedResultsDoctor', {
      headers: { cookie: other.cookie },
      params: { token: created.token },
      body: { code: created.code },
    });
    expect(asPatient).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const asGuest = await call(t.app, 'sharedResultsDoctor', {
      params: { token: created.token },
      body: { code: created.code },
    });
    expect(asGuest.status).toBe(401);
  });
});

describe('who may make, list and revoke links (BOLA)', () => {
  it('answers 404 to another patient and to a doctor for someone else’s order or link, 401 to a guest', async () => {
    const { owner, placed, created } = await sharedOrder();
    const other = await patient();
    const doc = await doctor();
    for (const cookie of [other.cookie, doc.cookie]) {
      const headers = { cookie };
      expect(
        (await call(t.app, 'resultShareCreate', { headers, body: { registryId: placed.registryId, days: 7 } })).status,
      ).toBe(404);
      expect((await call(t.app, 'resultShareRevoke', { headers, params: { id: created.share.id } })).status).toBe(404);
      expect((await ok<SharesResponse>(t.app, 'resultSharesList', { headers })).shares).toEqual([]);
      // someone else's setting is never theirs to change: theirs changes, the owner's stays on
      await ok(t.app, 'sharingSettingsUpdate', { headers, body: { enabled: false } });
    }
    for (const key of ['resultSharesList', 'sharingSettings'] as const) {
      expect((await call(t.app, key)).status).toBe(401);
    }
    expect((await call(t.app, 'resultShareCreate', { body: { registryId: placed.registryId, days: 7 } })).status).toBe(
      401,
    );
    expect((await call(t.app, 'resultShareRevoke', { params: { id: created.share.id } })).status).toBe(401);
    expect((await call(t.app, 'sharingSettingsUpdate', { body: { enabled: false } })).status).toBe(401);
    // the owner's link still opens and is still active
    expect((await open(created.token, created.code)).status).toBe(200);
    const mine = await ok<SharesResponse>(t.app, 'resultSharesList', { headers: { cookie: owner.cookie } });
    expect(mine).toMatchObject({ enabled: true, shares: [expect.objectContaining({ status: 'active' })] });
    expect((await audit('results-share-create')).some((row) => row.outcome === 'failure')).toBe(true);
  });

  it('a link opens only its own order: another owner’s code does not open it', async () => {
    const first = await sharedOrder();
    const second = await sharedOrder();
    if (first.created.code === second.created.code) return; // one chance in a million: nothing to show
    expect((await open(first.created.token, second.created.code)).status).toBe(400);
  });
});
