/** Orders, results and dynamics: who sees what. */
import type {
  AnalysisDynamics,
  Order,
  PatientRegistriesResponse,
  RegistriesResponse,
  Registry,
  ResultRow,
} from '@lab/api/contract';
import { createDoctorUser, createPatientUser, createWard, IMAGES, sessionCookie } from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';
import { advance, orderWithResults, payOrder, placeOrder } from '../../../test-support/orders';
import { pdfText } from '../../../test-support/pdf';

const t = useTestApp();

async function patient() {
  const p = await createPatientUser(t.db);
  return { ...p, cookie: await sessionCookie(t.app, p.userId) };
}
async function doctor() {
  const d = await createDoctorUser(t.db);
  return { ...d, cookie: await sessionCookie(t.app, d.userId) };
}

describe('the development lab clock', () => {
  it('moves an online-paid order: payment pending -> paid -> awaiting results -> results ready', async () => {
    const me = await patient();
    const placed = await placeOrder(t.app, t.db, me);
    const state = async () =>
      (await ok<Order>(t.app, 'orderGet', { headers: { cookie: me.cookie }, params: { orderId: placed.order.id } }))
        .state;
    expect(await state()).toBe('payment-pending');
    await advance(t.app, placed.order.id, 1);
    expect(await state()).toBe('payment-pending'); // an unpaid order waits
    await payOrder(t.app, me.cookie, placed.registryId);
    expect(await state()).toBe('paid');
    await advance(t.app, placed.order.id, 1);
    expect(await state()).toBe('awaiting-results');
    await advance(t.app, placed.order.id, 1);
    expect(await state()).toBe('results-ready');
  });

  it('moves an order paid at the branch: waiting -> paid at the branch -> awaiting results -> results ready', async () => {
    const me = await patient();
    const placed = await placeOrder(t.app, t.db, me, { paymentType: 'cash' });
    const states: string[] = [];
    for (let step = 0; step < 4; step++) {
      states.push(
        (await ok<Order>(t.app, 'orderGet', { headers: { cookie: me.cookie }, params: { orderId: placed.order.id } }))
          .state,
      );
      await advance(t.app, placed.order.id, 1);
    }
    expect(states).toEqual(['waiting-at-branch', 'paid-at-branch', 'awaiting-results', 'results-ready']);
  });
});

describe('a patient’s orders and results', () => {
  it('lists the orders (on-site), answers one order, its results and the count', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    const list = await ok<RegistriesResponse>(t.app, 'registriesList', {
      headers: { cookie: me.cookie },
      query: { 'customer-type': 'patient', 'on-site': true, page: 0, size: 10 },
    });
    expect(list).toMatchObject({ totalElements: 1, totalPages: 1, page: 0 });
    expect(list.content[0]).toMatchObject({
      id: placed.order.id,
      registryId: placed.registryId,
      state: 'results-ready',
    });
    const order = await ok<Order>(t.app, 'registryOrder', {
      headers: { cookie: me.cookie },
      params: { id: placed.registryId },
    });
    expect(order.id).toBe(placed.order.id);

    const registry = await ok<Registry>(t.app, 'registry', {
      headers: { cookie: me.cookie },
      params: { id: placed.registryId },
    });
    expect(registry).toMatchObject({ id: placed.registryId, number: placed.order.number, resultsReady: true });
    const names = registry.results.map((row) => row.analysisName);
    expect(names).toEqual(expect.arrayContaining(['Гемоглобін', 'Лейкоцити', 'Тромбоцити', 'Феритин']));
    const hgb = registry.results.find((row) => row.analysisName === 'Гемоглобін') as ResultRow;
    expect(hgb).toMatchObject({ unit: 'г/л', referenceValues: '130 – 170', found: null });
    expect(Number(hgb.result)).toBeGreaterThan(50);
    // the flag says it: no note restating "above the reference values" next to it
    for (const row of registry.results) if (row.outOfRange !== null) expect(row.note).toBeNull();
    const rows = await ok<ResultRow[]>(t.app, 'registryResults', {
      headers: { cookie: me.cookie },
      params: { id: placed.registryId },
      language: 'ru',
    });
    expect(rows.map((row) => row.analysisName)).toContain('Гемоглобин');

    expect(
      await ok(t.app, 'registriesCount', { headers: { cookie: me.cookie }, query: { 'date-from': '2026-11-18' } }),
    ).toEqual({ count: 1 });
    expect(
      await ok(t.app, 'registriesCount', { headers: { cookie: me.cookie }, query: { 'date-from': '2026-11-19' } }),
    ).toEqual({ count: 0 });
  });

  it('filters by dates, text and services, and hides orders placed at a branch’s desk with on-site', async () => {
    const me = await patient();
    const placed = await placeOrder(t.app, t.db, me, { codes: ['2001'] });
    await placeOrder(t.app, t.db, me, { codes: ['2002'] });
    await t.db.query('UPDATE orders SET on_site = false WHERE id = $1', [placed.order.id]);
    const query = async (q: Record<string, string | number | boolean>) =>
      (
        await ok<RegistriesResponse>(t.app, 'registriesList', {
          headers: { cookie: me.cookie },
          query: { 'customer-type': 'patient', ...q },
        })
      ).totalElements;
    expect(await query({})).toBe(2);
    expect(await query({ 'on-site': true })).toBe(1);
    expect(await query({ query: 'ФЕРИТ' })).toBe(1);
    expect(await query({ query: '%' })).toBe(0);
    expect(await query({ 'service-ids': '2,3' })).toBe(2);
    expect(await query({ 'date-from': '2026-11-19' })).toBe(0);
    expect(await query({ 'date-to': '2026-11-17' })).toBe(0);
    expect(await query({ 'date-from': '2026-11-18', 'date-to': '2026-11-18' })).toBe(2);
  });

  it('shows a patient’s history and one indicator’s dynamics, oldest first', async () => {
    const me = await patient();
    const first = await orderWithResults(t.app, t.db, me, { codes: ['2002'] });
    t.setNow(new Date(DEFAULT_NOW.getTime() + 30 * 86_400_000));
    me.cookie = await sessionCookie(t.app, me.userId); // a month later: a new sign-in
    const second = await orderWithResults(t.app, t.db, me, { codes: ['2002'] });
    const history = await ok<PatientRegistriesResponse>(t.app, 'patientRegistries', {
      headers: { cookie: me.cookie },
      params: { id: me.patientId },
    });
    expect(history.content.map((r) => r.id)).toEqual([second.registryId, first.registryId]);
    expect(history.content[0]?.services).toEqual([{ id: 3, code: '2002', title: 'Феритин' }]);
    expect(
      await ok(t.app, 'patientRegistriesCount', { headers: { cookie: me.cookie }, params: { id: me.patientId } }),
    ).toEqual({
      count: 2,
    });
    const ferritin = (
      await ok<ResultRow[]>(t.app, 'registryResults', {
        headers: { cookie: me.cookie },
        params: { id: first.registryId },
      })
    )[0] as ResultRow;
    const dynamics = await ok<AnalysisDynamics>(t.app, 'analysisDynamics', {
      headers: { cookie: me.cookie },
      params: { patientId: me.patientId, analysisId: ferritin.analysisId },
    });
    expect(dynamics).toMatchObject({ analysisName: 'Феритин', unit: 'мкг/л', referenceValues: '30 – 400' });
    expect(dynamics.points.map((point) => point.registryId)).toEqual([first.registryId, second.registryId]);
    expect(dynamics.points.every((point) => typeof point.value === 'number')).toBe(true);
  });

  it('includes the wards’ orders', async () => {
    const me = await patient();
    const wardId = await createWard(t.db, me.patientId);
    const placed = await orderWithResults(t.app, t.db, me, { patientId: wardId, codes: ['2001'] });
    const history = await ok<PatientRegistriesResponse>(t.app, 'patientRegistries', {
      headers: { cookie: me.cookie },
      params: { id: wardId },
    });
    expect(history.content.map((r) => r.id)).toEqual([placed.registryId]);
  });
});

/** GET the results PDF as raw bytes. */
async function resultsPdfOf(cookie: string, registryId: number, language = 'uk') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/private/registry/registries/self/${registryId}/results/pdf`,
    headers: { cookie, 'accept-language': language },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('an order’s dates', () => {
  it('answers when its results were ready, the very date its dynamics give the reading', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    await t.db.query(
      `UPDATE orders SET created_at = '2026-11-03T07:00:00Z', results_ready_at = '2026-11-05T12:30:00Z' WHERE id = $1`,
      [placed.order.id],
    );
    const headers = { cookie: me.cookie };
    const registry = await ok<Registry>(t.app, 'registry', { headers, params: { id: placed.registryId } });
    expect(registry.resultsReadyAt).toBe('2026-11-05T12:30:00.000Z');
    const dynamics = await ok<AnalysisDynamics>(t.app, 'analysisDynamics', {
      headers,
      params: { patientId: me.patientId, analysisId: registry.results[0]?.analysisId ?? 0 },
    });
    expect(dynamics.points.find((point) => point.registryId === placed.registryId)?.date).toBe(registry.resultsReadyAt);
  });

  it('has no ready date while results are awaited', async () => {
    const me = await patient();
    const placed = await placeOrder(t.app, t.db, me);
    await payOrder(t.app, me.cookie, placed.registryId);
    const registry = await ok<Registry>(t.app, 'registry', {
      headers: { cookie: me.cookie },
      params: { id: placed.registryId },
    });
    expect(registry).toMatchObject({ resultsReady: false, resultsReadyAt: null });
  });
});

describe('the results PDF', () => {
  it('names the patient’s date of birth and sex, the sampling time and who validated, from the data', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    await t.db.query(
      `UPDATE patients SET birth_day = '1979-12-24', gender_id = (SELECT id FROM genders WHERE code = 'female')
        WHERE id = $1`,
      [me.patientId],
    );
    await t.db.query(`UPDATE orders SET sampled_at = '2026-11-17T06:05:00Z' WHERE id = $1`, [placed.order.id]);
    await t.db.query(
      `UPDATE results SET validated_by = 'Мельник Оксана Іванівна, лікар-лаборант', validated_at = '2026-11-18T08:40:00Z'
        WHERE registry_id = $1`,
      [placed.registryId],
    );
    const text = pdfText((await resultsPdfOf(me.cookie, placed.registryId)).bytes).pages.join('\n');
    expect(text).toMatch(/Дата народження\s+24\.12\.1979/);
    expect(text).toMatch(/Стать\s+жіноча/);
    expect(text).toMatch(/Взяття біоматеріалу\s+17\.11\.2026 08:05/);
    expect(text).toMatch(/Результати валідував\s+Мельник Оксана Іванівна, лікар-лаборант, 18\.11\.2026\s+10:40/);
    const ru = pdfText((await resultsPdfOf(me.cookie, placed.registryId, 'ru')).bytes).pages.join('\n');
    expect(ru).toMatch(/Пол\s+женский/);
    expect(ru).toMatch(/Взятие биоматериала\s+17\.11\.2026 08:05/);
  });

  it('names the validating physician of the development laboratory when nobody else did', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    const text = pdfText((await resultsPdfOf(me.cookie, placed.registryId)).bytes).pages.join('\n');
    expect(text).toMatch(/Результати валідував\s+\S+ \S+ \S+, лікар/);
    expect(text).toMatch(/Взяття біоматеріалу\s+\d\d\.\d\d\.\d{4} \d\d:\d\d/);
  });

  it('holds the lab, the patient, the order, every row with its values and marks, page numbers and the way back', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    const registry = await ok<Registry>(t.app, 'registry', {
      headers: { cookie: me.cookie },
      params: { id: placed.registryId },
    });
    // one row above its range and one qualitative row found, to see their marks
    await t.db.query(
      `UPDATE results SET out_of_range = 'high', result = '999', note_uk = 'Повторити через місяць'
        WHERE registry_id = $1 AND analyte_id = $2`,
      [placed.registryId, registry.results[0]?.analysisId ?? 0],
    );
    const res = await resultsPdfOf(me.cookie, placed.registryId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="results-${placed.order.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.bytes.toString('latin1')).toContain('DejaVuSans'); // the Cyrillic font is embedded

    const pdf = pdfText(res.bytes);
    const text = pdf.pages.join('\n');
    expect(pdf.title).toBe(`Результати лабораторних досліджень, Замовлення № ${placed.order.number}`);
    expect(text).toContain('Медична лабораторія');
    expect(text).toContain(`Замовлення № ${placed.order.number}`);
    expect(text).toContain(`${registry.patient.lastName} ${registry.patient.firstName}`);
    for (const row of registry.results) expect(text).toContain(row.analysisName);
    const hgb = registry.results.find((row) => row.analysisName === 'Гемоглобін');
    expect(text).toContain(`${hgb?.referenceValues}`);
    expect(text).toContain('г/л');
    expect(text).toContain('999');
    expect(text).toContain('▲ вище норми');
    expect(text).toContain('Повторити через місяць');
    expect(text).toMatch(/Сторінка 1 з \d/);
    expect(text).toMatch(new RegExp(`\\nhttps?://\\S+/account/results/${placed.registryId}\\n`));
  });

  it('speaks Russian to a Russian reader', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    const text = pdfText((await resultsPdfOf(me.cookie, placed.registryId, 'ru')).bytes).pages.join('\n');
    expect(text).toContain('Результаты лабораторных исследований');
    expect(text).toContain('Гемоглобин');
  });

  it('numbers every page of a long order', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    await t.db.query('UPDATE results SET note_uk = $2 WHERE registry_id = $1', [
      placed.registryId,
      'Довга примітка лабораторії. '.repeat(30),
    ]);
    const pages = pdfText((await resultsPdfOf(me.cookie, placed.registryId)).bytes).pages;
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) expect(page).toContain(`Сторінка ${index + 1} з ${pages.length}`);
  });
});

describe('nobody else’s data', () => {
  it('answers 404 to another patient for the registry, order, results, history, dynamics and photos', async () => {
    const owner = await patient();
    const placed = await orderWithResults(t.app, t.db, owner);
    const rows = await ok<ResultRow[]>(t.app, 'registryResults', {
      headers: { cookie: owner.cookie },
      params: { id: placed.registryId },
    });
    const stranger = await patient();
    const headers = { cookie: stranger.cookie };
    const id = placed.registryId;
    for (const [key, input] of [
      ['registry', { params: { id } }],
      ['registryResults', { params: { id } }],
      ['registryResultsPdf', { params: { id } }],
      ['registryOrder', { params: { id } }],
      ['patientRegistries', { params: { id: owner.patientId } }],
      ['patientRegistriesCount', { params: { id: owner.patientId } }],
      ['analysisDynamics', { params: { patientId: owner.patientId, analysisId: rows[0]?.analysisId ?? 1 } }],
      ['orderGet', { params: { orderId: placed.order.id } }],
    ] as const) {
      const res = await call(t.app, key, { ...input, headers });
      expect({ key, status: res.status }).toEqual({ key, status: 404 });
      expect(JSON.stringify(res.body)).not.toMatch(/Гемоглобін|Феритин|Тарас/);
    }
    const list = await ok<RegistriesResponse>(t.app, 'registriesList', {
      headers,
      query: { 'customer-type': 'patient' },
    });
    expect(list.totalElements).toBe(0);
  });

  it('answers 404 for a doctor’s photo unless that doctor referred one of the patient’s orders', async () => {
    const doc = await doctor();
    await t.db.query(`UPDATE doctors SET photo = decode($2, 'base64'), photo_type = 'image/png' WHERE id = $1`, [
      doc.doctorId,
      IMAGES.png.toString('base64'),
    ]);
    const referred = await patient();
    await placeOrder(t.app, t.db, referred, { doctorCode: doc.workplaces[0]?.code });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/private/patient/patients/self/doctor/${doc.doctorId}/photo`,
      headers: { cookie: referred.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const other = await patient();
    expect(
      (await call(t.app, 'patientDoctorPhoto', { headers: { cookie: other.cookie }, params: { id: doc.doctorId } }))
        .status,
    ).toBe(404);
  });
});

describe('a doctor’s patients and referrals', () => {
  it('sees the orders they referred, and only those', async () => {
    const docA = await doctor();
    const docB = await doctor();
    const p1 = await patient();
    const p2 = await patient();
    const referredA = await orderWithResults(t.app, t.db, p1, { doctorCode: docA.workplaces[0]?.code });
    const notReferred = await orderWithResults(t.app, t.db, p1, { codes: ['2002'] });
    const referredB = await orderWithResults(t.app, t.db, p2, { doctorCode: docB.workplaces[1]?.code });

    const listA = await ok<RegistriesResponse>(t.app, 'registriesList', {
      headers: { cookie: docA.cookie },
      query: { 'customer-type': 'doctor' },
    });
    expect(listA.content.map((order) => order.id)).toEqual([referredA.order.id]);
    expect(listA.content[0]?.doctor).toMatchObject({ id: docA.doctorId, code: docA.workplaces[0]?.code });
    expect(
      await ok(t.app, 'registriesCount', { headers: { cookie: docA.cookie }, query: { 'customer-type': 'doctor' } }),
    ).toEqual({
      count: 1,
    });

    const history = await ok<PatientRegistriesResponse>(t.app, 'patientRegistries', {
      headers: { cookie: docA.cookie },
      params: { id: p1.patientId },
      query: { page: 0 },
    });
    expect(history.content.map((r) => r.id)).toEqual([referredA.registryId]);
    const registry = await ok<Registry>(t.app, 'registry', {
      headers: { cookie: docA.cookie },
      params: { id: referredA.registryId },
    });
    expect(registry.results.length).toBeGreaterThan(0);

    const headers = { cookie: docA.cookie };
    for (const id of [notReferred.registryId, referredB.registryId]) {
      expect((await call(t.app, 'registry', { headers, params: { id } })).status).toBe(404);
      expect((await call(t.app, 'registryResults', { headers, params: { id } })).status).toBe(404);
      expect((await call(t.app, 'registryOrder', { headers, params: { id } })).status).toBe(404);
      expect((await call(t.app, 'registryResultsPdf', { headers, params: { id } })).status).toBe(404);
    }
    expect((await resultsPdfOf(docA.cookie, referredA.registryId)).status).toBe(200);
    expect((await call(t.app, 'patientRegistries', { headers, params: { id: p2.patientId } })).status).toBe(404);
    const hgb = (await ok<ResultRow[]>(t.app, 'registryResults', { headers, params: { id: referredA.registryId } }))[0];
    const dynamics = await ok<AnalysisDynamics>(t.app, 'analysisDynamics', {
      headers,
      params: { patientId: p1.patientId, analysisId: hgb?.analysisId ?? 0 },
    });
    expect(dynamics.points.map((point) => point.registryId)).toEqual([referredA.registryId]);
  });

  it('refuses the doctor list to a user who is not a doctor', async () => {
    const me = await patient();
    const res = await call(t.app, 'registriesList', {
      headers: { cookie: me.cookie },
      query: { 'customer-type': 'doctor' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: 'Цей список доступний лише лікарям' });
  });
});

describe('bad input and the audit log', () => {
  it('answers 400 with the JSON error body', async () => {
    const me = await patient();
    const headers = { cookie: me.cookie };
    for (const [key, input, field] of [
      ['registriesList', { query: {} }, 'customer-type'],
      ['registriesList', { query: { 'customer-type': 'admin' } }, 'customer-type'],
      ['registriesList', { query: { 'customer-type': 'patient', size: 101 } }, 'size'],
      ['registriesList', { query: { 'customer-type': 'patient', 'date-from': '18.11.2026' } }, 'date-from'],
      ['registriesList', { query: { 'customer-type': 'patient', 'service-ids': 'a,b' } }, 'service-ids'],
      ['registry', { params: { id: 'abc' } }, 'id'],
      ['registryResults', { params: { id: 0 } }, 'id'],
      ['patientRegistries', { params: { id: -1 } }, 'id'],
      ['analysisDynamics', { params: { patientId: 1, analysisId: 'x' } }, 'analysisId'],
      ['registriesCount', { query: { 'date-to': 'yesterday' } }, 'date-to'],
    ] as const) {
      const res = await call(t.app, key, { ...input, headers });
      expect({ key, status: res.status, body: res.body }).toEqual({
        key,
        status: 400,
        body: expect.objectContaining({ code: 'validation-error', field, message: expect.any(String) }),
      });
    }
  });

  it('logs every read of results: who, what, when, from where; no health data', async () => {
    const me = await patient();
    const placed = await orderWithResults(t.app, t.db, me);
    await ok(t.app, 'registry', {
      headers: { cookie: me.cookie, 'user-agent': 'audit-reader' },
      params: { id: placed.registryId },
    });
    await call(t.app, 'registry', {
      headers: { cookie: me.cookie, 'user-agent': 'audit-reader' },
      params: { id: 999_999 },
    });
    const rows = await t.db.query<Record<string, unknown>>(
      `SELECT event, outcome, user_id AS "userId", subject_id AS "subjectId", ip, at
         FROM audit_log WHERE user_agent = 'audit-reader' ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        event: 'results-read',
        outcome: 'success',
        userId: me.userId,
        subjectId: String(placed.registryId),
        ip: '127.0.0.1',
        at: expect.any(String),
      },
      {
        event: 'results-read',
        outcome: 'failure',
        userId: me.userId,
        subjectId: '999999',
        ip: '127.0.0.1',
        at: expect.any(String),
      },
    ]);
    const everything = JSON.stringify(await t.db.query('SELECT * FROM audit_log'));
    expect(everything).not.toMatch(/Гемоглобін|г\/л|Феритин/);
  });
});
