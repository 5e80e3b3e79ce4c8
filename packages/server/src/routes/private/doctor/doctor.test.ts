/** The doctor's account: profile, photo, manager, workplaces, the current one, specialization. */
import type { DoctorSelf, Workplace } from '@lab/api/contract';
import {
  createDoctorUser,
  createPatientUser,
  IMAGES,
  multipartFile,
  sessionCookie,
} from '../../../test-support/accounts';
import { useTestApp } from '../../../test-support/harness';
import { call, ok, routeUrl } from '../../../test-support/http';

const t = useTestApp();

async function signedInDoctor() {
  const doctor = await createDoctorUser(t.db);
  return { ...doctor, cookie: await sessionCookie(t.app, doctor.userId) };
}

describe('GET /user/doctors/self', () => {
  it('answers doctorData with version', async () => {
    const doctor = await signedInDoctor();
    const self = await ok<DoctorSelf>(t.app, 'doctorSelf', { headers: { cookie: doctor.cookie }, language: 'ru' });
    expect(self).toEqual({
      doctorData: {
        id: doctor.doctorId,
        version: 0,
        firstName: 'Ольга',
        lastName: 'Петренко',
        middleName: 'Василівна',
        mobilePhone: doctor.phone,
        email: null,
        photo: false,
      },
    });
  });

  it.each([
    ['doctorSelf', {}],
    ['doctorPhoto', {}],
    ['doctorManager', {}],
    ['doctorWorkplaces', {}],
    ['doctorWorkplaceCurrent', {}],
    ['doctorSpecialization', {}],
    ['doctorWorkplaceSelect', { params: { id: 1 } }],
  ] as const)('answers %s with 404 for a user who is not a doctor', async (key, input) => {
    const patient = await createPatientUser(t.db);
    const res = await call(t.app, key, { ...input, headers: { cookie: await sessionCookie(t.app, patient.userId) } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not-found', message: 'Профіль лікаря не знайдено' });
  });
});

describe('workplaces', () => {
  it('lists the workplaces with their codes, answers the current one and switches it', async () => {
    const doctor = await signedInDoctor();
    const cookie = doctor.cookie;
    const list = await ok<Workplace[]>(t.app, 'doctorWorkplaces', { headers: { cookie } });
    expect(list).toEqual([
      { id: doctor.workplaces[0]?.id, title: 'Клініка №1', code: doctor.workplaces[0]?.code },
      { id: doctor.workplaces[1]?.id, title: 'Клініка №2', code: doctor.workplaces[1]?.code },
    ]);
    expect(await ok(t.app, 'doctorWorkplaceCurrent', { headers: { cookie } })).toEqual(list[0]);
    const second = doctor.workplaces[1]?.id ?? 0;
    expect(await ok(t.app, 'doctorWorkplaceSelect', { headers: { cookie }, params: { id: second }, body: {} })).toEqual(
      list[1],
    );
    expect(await ok(t.app, 'doctorWorkplaceCurrent', { headers: { cookie }, language: 'ru' })).toEqual({
      ...list[1],
      title: 'Клиника №2',
    });
  });

  it('refuses another doctor’s workplace with 404 and keeps the current one', async () => {
    const doctor = await signedInDoctor();
    const other = await createDoctorUser(t.db);
    const res = await call(t.app, 'doctorWorkplaceSelect', {
      headers: { cookie: doctor.cookie },
      params: { id: other.workplaces[0]?.id ?? 0 },
      body: {},
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not-found' });
    const current = await ok<Workplace>(t.app, 'doctorWorkplaceCurrent', { headers: { cookie: doctor.cookie } });
    expect(current.id).toBe(doctor.workplaces[0]?.id);
    expect(
      (await call(t.app, 'doctorWorkplaceSelect', { headers: { cookie: doctor.cookie }, params: { id: 'abc' } }))
        .status,
    ).toBe(400);
  });
});

describe('manager, specialization, photo', () => {
  it('answers the manager (null when none) and the specialization', async () => {
    const doctor = await signedInDoctor();
    expect(await ok(t.app, 'doctorManager', { headers: { cookie: doctor.cookie } })).toBeNull();
    const manager = await t.db.one<{ id: number }>(
      `INSERT INTO managers (key, first_name_uk, last_name_uk, phone, email)
       VALUES ('m-test', 'Ірина', 'Бондар', '+380441112233', 'manager@lab.ua') RETURNING id`,
    );
    await t.db.query('UPDATE doctors SET manager_id = $2 WHERE id = $1', [doctor.doctorId, manager.id]);
    expect(await ok(t.app, 'doctorManager', { headers: { cookie: doctor.cookie } })).toEqual({
      id: manager.id,
      firstName: 'Ірина',
      lastName: 'Бондар',
      middleName: null,
      phone: '+380441112233',
      email: 'manager@lab.ua',
    });
    expect(await ok(t.app, 'doctorSpecialization', { headers: { cookie: doctor.cookie } })).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
    });
  });

  it('stores a photo by its bytes, bumps the version and serves it', async () => {
    const doctor = await signedInDoctor();
    const { payload, headers } = multipartFile(IMAGES.png);
    const res = await t.app.inject({
      method: 'POST',
      url: routeUrl('doctorPhotoUpload'),
      payload,
      headers: { ...headers, cookie: doctor.cookie },
    });
    expect(res.json()).toEqual({ version: 1 });
    const photo = await t.app.inject({
      method: 'GET',
      url: `${routeUrl('doctorPhoto')}?v=1`,
      headers: { cookie: doctor.cookie },
    });
    expect(photo.headers['content-type']).toBe('image/png');
    const bad = multipartFile(IMAGES.svg);
    const refused = await t.app.inject({
      method: 'POST',
      url: routeUrl('doctorPhotoUpload'),
      payload: bad.payload,
      headers: { ...bad.headers, cookie: doctor.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await ok<DoctorSelf>(t.app, 'doctorSelf', { headers: { cookie: doctor.cookie } })).doctorData,
    ).toMatchObject({
      photo: true,
      version: 1,
    });
  });
});

describe('a user who is both', () => {
  it('has a patient and a doctor profile on one session', async () => {
    const patient = await createPatientUser(t.db);
    await createDoctorUser(t.db, { userId: patient.userId });
    const cookie = await sessionCookie(t.app, patient.userId);
    expect((await call(t.app, 'patientSelf', { headers: { cookie } })).status).toBe(200);
    expect((await call(t.app, 'doctorSelf', { headers: { cookie } })).status).toBe(200);
  });
});
