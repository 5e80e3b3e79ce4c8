/**
 * Sign-in as the storefront does it (docs/product.md#sign-in): POST /auth with the phone, the code
 * from the development SMS outboxes (the instance that sent it keeps it in memory), then a known phone logs
 * in with the code, and a new one approves the registration, registers the profile and logs in with the
 * one-time code the register call answers.
 */
import type { GendersResponse, LoginResponse, PatientSelf, PhoneData, RegistrationResponse } from '@lab/api/contract';
import type { CustomerHttp, Reply } from './http';
import { expectStatus, sleep, UnexpectedStatus } from './util';

export interface SignedIn {
  readonly userId: number;
  readonly patientId: number;
  /** This sign-in created the account. */
  readonly registered: boolean;
}

/** POST /auth; waits out the resend gate (429 resend-too-early with Retry-After) a few times. */
async function sendPhone(http: CustomerHttp, phone: string): Promise<PhoneData> {
  for (let attempt = 0; ; attempt++) {
    const sent: Reply<PhoneData> = await http.request<PhoneData>('authPhone', '/api/public/auth', { json: { phone } });
    const retryAfter = Number(sent.headers.get('retry-after'));
    const tooEarly = sent.status === 429 && (sent.body as unknown as { code?: string }).code === 'resend-too-early';
    if (!tooEarly || attempt >= 3 || !(retryAfter <= 10)) {
      expectStatus(sent, 200, 'authPhone');
      return sent.body;
    }
    await sleep(retryAfter * 1000);
  }
}

/** The newest code sent to the phone, from whichever instance sent it. */
async function outboxCode(http: CustomerHttp, phone: string): Promise<string> {
  let newest: { code: string | null; sentAt: string } | undefined;
  for (const origin of http.smsOutboxes) {
    const outbox = await http.request<Array<{ code: string | null; sentAt: string }>>(
      'smsOutbox',
      `/api/dev/sms-outbox?limit=1&phone=${encodeURIComponent(phone)}`,
      { origin },
    );
    expectStatus(outbox, 200, 'smsOutbox');
    const latest = outbox.body[0];
    if (latest?.code && (!newest || latest.sentAt > newest.sentAt)) newest = latest;
  }
  if (!newest?.code) throw new UnexpectedStatus(`smsOutbox: no code for ${phone} on ${http.smsOutboxes.join(', ')}`);
  return newest.code;
}

async function genderId(http: CustomerHttp, sex: 'male' | 'female'): Promise<number> {
  const genders = await http.request<GendersResponse>('genders', '/api/public/core/genders');
  expectStatus(genders, 200, 'genders');
  const found = genders.body.find((gender) => gender.code === sex);
  if (!found) throw new UnexpectedStatus(`genders: no "${sex}"`);
  return found.id;
}

export async function signIn(http: CustomerHttp, phone: string, sex: 'male' | 'female'): Promise<SignedIn> {
  const sent = await sendPhone(http, phone);
  const code = await outboxCode(http, phone);
  let password = code;
  const registered = sent.type === 'registration';
  if (registered) {
    const approved = await http.request(
      'registrationApprove',
      `/api/public/patient/patients/registration/${sent.id}/approve`,
      {
        json: { code },
      },
    );
    expectStatus(approved, 200, 'registrationApprove');
    const done = await http.request<RegistrationResponse>(
      'registrationRegister',
      `/api/public/patient/patients/registration/${sent.id}/register`,
      {
        json: {
          firstName: { uk: sex === 'male' ? 'Тарас' : 'Леся' },
          lastName: { uk: 'Навантаженко' },
          middleName: { uk: sex === 'male' ? 'Петрович' : 'Петрівна' },
          birthDay: '1988-04-12',
          genderId: await genderId(http, sex),
        },
      },
    );
    expectStatus(done, 200, 'registrationRegister');
    password = done.body.code;
  }
  const login = await http.request<LoginResponse>('login', '/api/public/login', { json: { phone, password } });
  expectStatus(login, 200, 'login');
  const self = await http.request<PatientSelf>('patientSelf', '/api/private/patient/patients/self');
  expectStatus(self, 200, 'patientSelf');
  return { userId: login.body.userId, patientId: self.body.id, registered };
}

export async function signOut(http: CustomerHttp): Promise<void> {
  const out = await http.request('logout', '/api/private/logout', { method: 'POST' });
  expectStatus(out, 200, 'logout');
  http.clearCookies();
}
