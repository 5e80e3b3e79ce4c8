/** The patient's account: profile, photo, wards, phone change; nobody else's data. */
import type { PatientSelf, PhotoUploadResponse, Ward } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import {
  createDoctorUser,
  createPatientUser,
  createWard,
  IMAGES,
  lastCode,
  multipartFile,
  sessionCookie,
  testAuthSettings,
  uniquePhone,
} from '../../../test-support/accounts';
import { useTestApp } from '../../../test-support/harness';
import { call, ok, routeUrl } from '../../../test-support/http';

const t = useTestApp({ config: { rateLimitMax: 0, auth: testAuthSettings() } });

async function upload(app: FastifyInstance, url: string, cookie: string, bytes: Buffer, field = 'file') {
  const { payload, headers } = multipartFile(bytes, { field });
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
}

async function signedInPatient() {
  const patient = await createPatientUser(t.db);
  return { ...patient, cookie: await sessionCookie(t.app, patient.userId) };
}

const ward = {
  firstName: 'Марійка',
  lastName: 'Шевченко',
  middleName: 'Тарасівна',
  birthDay: '2016-05-20',
  genderId: 2,
};

describe('GET /patient/patients/self', () => {
  it('answers the owner’s record with version, phone, attributes and wards flagged ward', async () => {
    const me = await signedInPatient();
    const wardId = await createWard(t.db, me.patientId);
    const self = await ok<PatientSelf>(t.app, 'patientSelf', { headers: { cookie: me.cookie } });
    expect(self).toMatchObject({
      id: me.patientId,
      type: 'owner',
      phone: me.phone,
      userData: {
        id: me.patientId,
        firstName: 'Тарас',
        lastName: 'Шевченко',
        middleName: 'Іванович',
        photo: false,
        mobilePhone: me.phone,
        number: expect.stringMatching(/^\d+$/),
        gender: 'male',
        birthDay: '1985-03-09',
        version: 0,
      },
      attributes: { gender: 'male', puberty: null, pregnancyWeek: null, fetusCount: null, menopause: null },
    });
    expect(self.wards).toEqual([expect.objectContaining({ id: wardId, type: 'ward', ward: true })]);
  });

  it('answers 404 for a doctor without a patient profile', async () => {
    const doctor = await createDoctorUser(t.db);
    const res = await call(t.app, 'patientSelf', { headers: { cookie: await sessionCookie(t.app, doctor.userId) } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not-found', message: 'Пацієнта не знайдено' });
  });
});

describe('POST /patient/patients/self (profile edit)', () => {
  it('changes e-mail and attributes, bumping the version', async () => {
    const me = await signedInPatient();
    const self = await ok<PatientSelf>(t.app, 'patientUpdate', {
      headers: { cookie: me.cookie },
      body: { email: 'Taras@Example.UA', attributes: { pregnancyWeek: null, menopause: false, puberty: true } },
    });
    expect(self.userData).toMatchObject({ email: 'taras@example.ua', version: 1 });
    expect(self.attributes).toMatchObject({ puberty: true, menopause: false });
  });

  it('refuses names and birth date (support only) and changing a recorded sex, storing nothing', async () => {
    const me = await signedInPatient();
    for (const body of [{ firstName: 'Іван' }, { birthDay: '1990-01-01' }, { phone: '+380501234567' }]) {
      const res = await call(t.app, 'patientUpdate', { headers: { cookie: me.cookie }, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation-error', message: 'Невідоме поле' });
    }
    const sex = await call(t.app, 'patientUpdate', {
      headers: { cookie: me.cookie },
      body: { attributes: { gender: 'female' } },
    });
    expect(sex.status).toBe(400);
    expect(sex.body).toMatchObject({ field: 'attributes', message: expect.stringContaining('служб') });
    for (const body of [
      { email: 'not-an-email' },
      { attributes: { pregnancyWeek: 46 } },
      { attributes: { fetusCount: 10 } },
      { attributes: { pregnancyWeek: 'many' } },
      { attributes: { colour: 'blue' } },
    ]) {
      expect((await call(t.app, 'patientUpdate', { headers: { cookie: me.cookie }, body })).status).toBe(400);
    }
    const self = await ok<PatientSelf>(t.app, 'patientSelf', { headers: { cookie: me.cookie } });
    expect(self.userData).toMatchObject({ firstName: 'Тарас', gender: 'male', email: null, version: 0 });
  });
});

describe('photos', () => {
  it.each([['jpeg'], ['png'], ['webp']] as const)(
    'accepts a %s photo, bumps the version and serves it',
    async (kind) => {
      const me = await signedInPatient();
      const url = routeUrl('patientPhotoUpload');
      const res = await upload(t.app, url, me.cookie, IMAGES[kind]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ version: 1 } satisfies PhotoUploadResponse);
      const photo = await t.app.inject({
        method: 'GET',
        url: `${routeUrl('patientPhoto')}?v=1`,
        headers: { cookie: me.cookie },
      });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe(`image/${kind}`);
      expect(photo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.rawPayload.equals(IMAGES[kind])).toBe(true);
      const self = await ok<PatientSelf>(t.app, 'patientSelf', { headers: { cookie: me.cookie } });
      expect(self.userData).toMatchObject({ photo: true, version: 1 });
      const stale = await t.app.inject({
        method: 'GET',
        url: `${routeUrl('patientPhoto')}?v=0`,
        headers: { cookie: me.cookie },
      });
      expect(stale.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('refuses other formats by their bytes, a wrong field, no file, and JSON, keeping the old photo', async () => {
    const me = await signedInPatient();
    const url = routeUrl('patientPhotoUpload');
    await upload(t.app, url, me.cookie, IMAGES.png);
    for (const bytes of [IMAGES.gif, IMAGES.svg, Buffer.alloc(0)]) {
      const res = await upload(t.app, url, me.cookie, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'photo-invalid',
        message: 'Завантажте фото у форматі JPEG, PNG або WebP',
        field: 'file',
      });
    }
    expect((await upload(t.app, url, me.cookie, IMAGES.jpeg, 'avatar')).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url, payload: { file: 'x' }, headers: { cookie: me.cookie } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const photo = await t.app.inject({ method: 'GET', url: routeUrl('patientPhoto'), headers: { cookie: me.cookie } });
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it('refuses a photo over 2 MB with 413', async () => {
    const me = await signedInPatient();
    const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(t.app, routeUrl('patientPhotoUpload'), me.cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload-too-large' });
    expect((await ok<PatientSelf>(t.app, 'patientSelf', { headers: { cookie: me.cookie } })).userData.photo).toBe(
      false,
    );
  });

  it('answers 404 when there is no photo', async () => {
    const me = await signedInPatient();
    expect((await call(t.app, 'patientPhoto', { headers: { cookie: me.cookie } })).status).toBe(404);
  });
});

describe('wards', () => {
  it('lists, adds and edits wards, each flagged ward true, and stores their photos', async () => {
    const me = await signedInPatient();
    const created = await ok<Ward>(t.app, 'wardCreate', { headers: { cookie: me.cookie }, body: ward });
    expect(created).toMatchObject({
      type: 'ward',
      ward: true,
      userData: {
        firstName: 'Марійка',
        middleName: 'Тарасівна',
        birthDay: '2016-05-20',
        gender: 'female',
        mobilePhone: null,
      },
    });
    const edited = await ok<Ward>(t.app, 'wardUpdate', {
      headers: { cookie: me.cookie },
      params: { id: created.id },
      body: { ...ward, firstName: 'Марія', middleName: null },
    });
    expect(edited.userData).toMatchObject({ firstName: 'Марія', middleName: null, version: 1 });
    expect(await ok<Ward[]>(t.app, 'wardsList', { headers: { cookie: me.cookie } })).toEqual([edited]);
    const uploaded = await upload(
      t.app,
      routeUrl('wardPhotoUpload', { params: { id: created.id } }),
      me.cookie,
      IMAGES.webp,
    );
    expect(uploaded.json()).toEqual({ version: 2 });
    const photo = await t.app.inject({
      method: 'GET',
      url: routeUrl('wardPhoto', { params: { id: created.id } }),
      headers: { cookie: me.cookie },
    });
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('validates a ward: names without digits, a real past date, a known gender', async () => {
    const me = await signedInPatient();
    for (const [change, field] of [
      [{ firstName: 'Марійка1' }, 'firstName'],
      [{ lastName: ' ' }, 'lastName'],
      [{ birthDay: '2030-01-01' }, 'birthDay'],
      [{ birthDay: '1899-01-01' }, 'birthDay'],
      [{ genderId: 99 }, 'genderId'],
      [{ age: 3 }, 'age'],
    ] as const) {
      const res = await call(t.app, 'wardCreate', { headers: { cookie: me.cookie }, body: { ...ward, ...change } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation-error', field });
    }
    expect(await ok<Ward[]>(t.app, 'wardsList', { headers: { cookie: me.cookie } })).toEqual([]);
  });

  it('answers 404 for another patient’s ward, its photo, and for one’s own record as a ward', async () => {
    const me = await signedInPatient();
    const other = await signedInPatient();
    const theirWard = await createWard(t.db, other.patientId);
    await upload(t.app, routeUrl('wardPhotoUpload', { params: { id: theirWard } }), other.cookie, IMAGES.jpeg);
    const cookie = me.cookie;
    expect(
      (await call(t.app, 'wardUpdate', { headers: { cookie }, params: { id: theirWard }, body: ward })).status,
    ).toBe(404);
    expect((await call(t.app, 'wardPhoto', { headers: { cookie }, params: { id: theirWard } })).status).toBe(404);
    expect(
      (await upload(t.app, routeUrl('wardPhotoUpload', { params: { id: theirWard } }), cookie, IMAGES.png)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'wardPhoto', { headers: { cookie }, params: { id: other.patientId } })).status).toBe(404);
    expect(
      (await call(t.app, 'wardUpdate', { headers: { cookie }, params: { id: me.patientId }, body: ward })).status,
    ).toBe(404);
    // their ward is untouched
    const theirs = await ok<Ward[]>(t.app, 'wardsList', { headers: { cookie: other.cookie } });
    expect(theirs[0]?.userData).toMatchObject({ firstName: 'Марійка', version: 1 });
    expect((await call(t.app, 'wardUpdate', { headers: { cookie }, params: { id: 'x' }, body: ward })).status).toBe(
      400,
    );
  });
});

describe('phone change', () => {
  it('sends a code to the candidate phone and changes the phone when it is approved', async () => {
    const me = await signedInPatient();
    const phone = uniquePhone();
    const sent = await ok<{ id: string; timeToNextSend: number }>(t.app, 'phoneCandidate', {
      headers: { cookie: me.cookie },
      body: { phone },
    });
    expect(sent.timeToNextSend).toBe(60_000);
    const code = lastCode(t.app, phone);
    const wrong = await call(t.app, 'phoneCandidateApprove', {
      headers: { cookie: me.cookie },
      body: { code: code === '0000' ? '1111' : '0000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'sms-invalid', message: 'Введено невірний код' });
    const self = await ok<PatientSelf>(t.app, 'phoneCandidateApprove', {
      headers: { cookie: me.cookie },
      body: { code },
    });
    expect(self.phone).toBe(phone);
    expect(self.userData.version).toBe(1);
    // the session stays valid; the new phone signs in, the old one would register anew
    expect((await ok(t.app, 'patientSelf', { headers: { cookie: me.cookie } })) as PatientSelf).toMatchObject({
      phone,
    });
    expect(await t.app.repos.auth.accountByPhone(phone)).toMatchObject({ userId: me.userId });
    expect(await t.app.repos.auth.accountByPhone(me.phone)).toBeNull();
  });

  it('refuses a phone that belongs to someone else, and the same phone', async () => {
    const me = await signedInPatient();
    const other = await createPatientUser(t.db);
    const taken = await call(t.app, 'phoneCandidate', { headers: { cookie: me.cookie }, body: { phone: other.phone } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'phone-taken' });
    expect(
      (await call(t.app, 'phoneCandidate', { headers: { cookie: me.cookie }, body: { phone: me.phone } })).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'phoneCandidate', { headers: { cookie: me.cookie }, body: { phone: '0501234567' } })).status,
    ).toBe(400);
  });

  it('does not let one user approve with the code sent for another user’s change', async () => {
    const a = await signedInPatient();
    const b = await signedInPatient();
    const phone = uniquePhone();
    await ok(t.app, 'phoneCandidate', { headers: { cookie: a.cookie }, body: { phone } });
    const res = await call(t.app, 'phoneCandidateApprove', {
      headers: { cookie: b.cookie },
      body: { code: lastCode(t.app, phone) },
    });
    expect(res.status).toBe(400);
    expect((await ok<PatientSelf>(t.app, 'patientSelf', { headers: { cookie: b.cookie } })).phone).toBe(b.phone);
  });
});
