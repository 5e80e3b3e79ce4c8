/**
 * The sign-in flow of docs/product.md#sign-in:
 *   POST /auth (phone) -> a code by SMS; the answer says registration|login and patient|doctor;
 *   registration: approve (code) -> register (profile) -> a one-time login token -> POST /login;
 *   login: POST /login (phone, password = the SMS code) -> a session.
 * Codes: 4 digits from the CSPRNG, stored as HMAC(secret, id:code), one live code per phone and
 * purpose (a resend supersedes the previous one), single use, expiring, `maxCodeAttempts` tries each.
 * Limits: the resend gate per phone, and hourly send/check counters per phone and per client address,
 * all in the database so that they hold across API instances.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResponse, PhoneData, RegistrationPayload, Role } from '@lab/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { AppError } from '../errors';
import { clientOf } from '../plugins/app/auth';
import { createRepositories } from '../repositories';
import type { CodePurpose, CodeTry } from '../repositories/auth';
import type { NewPatient } from '../repositories/patients';
import { codeHash, generateCode, loginTokenHash, phoneHash, randomToken, sameDigest, tokenHash } from './crypto';
import { codeText } from './sms';
import { checkAdult, checkBirthDay, cleanName } from './validation';

/** An approved registration must be completed within this. */
const REGISTRATION_WINDOW_SECONDS = 15 * 60;
/** The code answered by register logs in within this. */
const LOGIN_TOKEN_TTL_SECONDS = 5 * 60;

const smsInvalid = (field: string) => new AppError(400, 'sms-invalid', 'sms-invalid', field);
const authRateLimited = () =>
  new AppError(429, 'auth-rate-limited', 'auth-rate-limited', undefined, undefined, { 'retry-after': '3600' });

function resendTooEarly(leftMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(leftMs / 1000));
  return new AppError(
    429,
    'resend-too-early',
    'resend-too-early',
    'phone',
    { seconds },
    {
      'retry-after': String(seconds),
    },
  );
}

export interface SentCode {
  id: string;
  timeToNextSend: number;
}

/**
 * Sends a new code to `phone` for `purpose`: the resend gate, the hourly limits, a fresh code that
 * supersedes the previous one, the SMS. The code itself never leaves this function but in the SMS.
 */
export async function sendCode(
  app: FastifyInstance,
  request: FastifyRequest,
  phone: string,
  purpose: CodePurpose,
  userId: number | null,
): Promise<SentCode> {
  const settings = app.config.auth;
  const { auth } = app.repos;
  const left = await auth.passSendGate(phone, settings.resendSeconds);
  if (left > 0) throw resendTooEarly(left);
  const phoneKey = phoneHash(settings.secret, phone);
  const withinPhone = await auth.hit(`send:phone:${phoneKey}`, settings.limits.sendsPerPhonePerHour);
  const withinIp = await auth.hit(`send:ip:${request.ip}`, settings.limits.sendsPerIpPerHour);
  if (!withinPhone || !withinIp) throw authRateLimited();

  const id = randomUUID();
  const code = generateCode();
  await auth.createCode({
    id,
    purpose,
    phone,
    userId,
    codeHash: codeHash(settings.secret, id, code),
    ttlSeconds: settings.codeTtlSeconds,
  });
  try {
    await app.sms.send(phone, codeText(code, request.locale));
    app.metrics.signInCodesSent.inc();
  } catch (error) {
    request.log.error({ err: error }, 'SMS not sent');
    await auth.releaseSendGate(phone);
    throw new AppError(503, 'sms-unavailable', 'sms-unavailable');
  }
  return { id, timeToNextSend: settings.resendSeconds * 1000 };
}

/** POST /auth. */
export async function startSignIn(app: FastifyInstance, request: FastifyRequest, phone: string): Promise<PhoneData> {
  const account = await app.repos.auth.accountByPhone(phone);
  const purpose: CodePurpose = account ? 'login' : 'registration';
  const sent = await sendCode(app, request, phone, purpose, account?.userId ?? null);
  return {
    type: account ? 'login' : 'registration',
    source: account?.doctorId ? 'doctor' : 'patient',
    id: sent.id,
    timeToNextSend: sent.timeToNextSend,
  };
}

/** Counts a check against the hourly limits of the phone and the client address. */
async function countCheck(app: FastifyInstance, request: FastifyRequest, phone: string): Promise<void> {
  const settings = app.config.auth;
  const withinPhone = await app.repos.auth.hit(
    `check:phone:${phoneHash(settings.secret, phone)}`,
    settings.limits.checksPerPhonePerHour,
  );
  const withinIp = await app.repos.auth.hit(`check:ip:${request.ip}`, settings.limits.checksPerIpPerHour);
  if (!withinPhone || !withinIp) throw authRateLimited();
}

/**
 * Checks a typed code against a live code. A right code is consumed (single use); `field` names the
 * form field for the error. Answers the stored code's row.
 */
async function checkCode(
  app: FastifyInstance,
  tried: CodeTry,
  typed: string,
  field: string,
  consume: (id: string) => Promise<boolean>,
): Promise<{ id: string; userId: number | null; phone: string }> {
  if (tried.status === 'none') throw smsInvalid(field);
  if (tried.status === 'exhausted') throw new AppError(429, 'code-attempts-exceeded', 'code-attempts-exceeded', field);
  const expected = tried.code.codeHash;
  if (!sameDigest(codeHash(app.config.auth.secret, tried.code.id, typed), expected)) throw smsInvalid(field);
  if (!(await consume(tried.code.id))) throw smsInvalid(field);
  return { id: tried.code.id, userId: tried.code.userId, phone: tried.code.phone };
}

function rolesOf(account: { patientId: number | null; doctorId: number | null }): Role[] {
  const roles: Role[] = [];
  if (account.patientId !== null) roles.push('patient');
  if (account.doctorId !== null) roles.push('doctor');
  return roles;
}

async function audit(
  app: FastifyInstance,
  request: FastifyRequest,
  event: 'sign-in' | 'registration-approve' | 'phone-change',
  outcome: 'success' | 'failure',
  details: { phone: string; userId?: number | null; reason?: string },
): Promise<void> {
  const client = clientOf(request);
  await app.repos.audit.record({
    event,
    outcome,
    userId: details.userId ?? null,
    phoneHash: phoneHash(app.config.auth.secret, details.phone),
    reason: details.reason ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/** Runs `fn`; a refusal is written to the audit log before it propagates. */
async function audited<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  event: 'sign-in' | 'registration-approve' | 'phone-change',
  phone: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const reason = error instanceof AppError ? error.code : 'error';
    await audit(app, request, event, 'failure', { phone, reason }).catch(() => undefined);
    throw error;
  }
}

/** Starts a new session for a user: revokes the one the request carried, sets the new cookie. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const previous = app.sessionCookie.read(request);
  if (previous) await app.repos.sessions.revoke(tokenHash(previous));
  const token = randomToken(32);
  const client = clientOf(request);
  await app.repos.sessions.create({
    tokenHash: tokenHash(token),
    userId,
    absoluteSeconds: Math.round(app.config.auth.sessionAbsoluteHours * 3600),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  app.sessionCookie.write(request, reply, token);
}

/** POST /login: the SMS code (4 digits) or the token answered by register. */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: string,
  password: string,
): Promise<LoginResponse> {
  return audited(app, request, 'sign-in', phone, async () => {
    await countCheck(app, request, phone);
    const { auth } = app.repos;
    let userId: number | null;
    if (/^\d{4}$/.test(password)) {
      const tried = await auth.tryCode({ phone, purpose: 'login' }, app.config.auth.maxCodeAttempts);
      userId = (await checkCode(app, tried, password, 'password', auth.consumeCode)).userId;
    } else {
      userId = null;
      for (const candidate of await auth.pendingLoginTokens(phone)) {
        if (sameDigest(loginTokenHash(app.config.auth.secret, candidate.id, password), candidate.hash)) {
          if (await auth.useLoginToken(candidate.id)) userId = candidate.userId;
          break;
        }
      }
    }
    const account = userId === null ? null : await auth.accountById(userId);
    if (!account || account.phone !== phone) throw smsInvalid('password');
    await startSession(app, request, reply, account.userId);
    await audit(app, request, 'sign-in', 'success', { phone, userId: account.userId });
    return { userId: account.userId, roles: rolesOf(account) };
  });
}

/** Only registration ids are UUIDs; anything else cannot be one (and must not reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /patient/patients/registration/{id}/approve. */
export async function approveRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  code: string,
): Promise<{ id: string }> {
  const registration = UUID.test(id) ? await app.repos.auth.registration(id) : null;
  if (!registration) throw smsInvalid('code');
  return audited(app, request, 'registration-approve', registration.phone, async () => {
    await countCheck(app, request, registration.phone);
    const tried = await app.repos.auth.tryCode({ id }, app.config.auth.maxCodeAttempts);
    await checkCode(app, tried, code, 'code', app.repos.auth.approveRegistration);
    await audit(app, request, 'registration-approve', 'success', { phone: registration.phone });
    return { id };
  });
}

/** Names keyed by language -> both columns (the one typed fills the other's fallback). */
function names(value: RegistrationPayload['firstName'], field: string, required: true): { uk: string; ru: string };
function names(
  value: RegistrationPayload['firstName'],
  field: string,
  required: false,
): { uk: string | null; ru: string | null };
function names(value: RegistrationPayload['firstName'], field: string, required: boolean) {
  const uk = value.uk === undefined ? undefined : cleanName(value.uk, field);
  const ru = value.ru === undefined ? undefined : cleanName(value.ru, field);
  const primary = uk ?? ru;
  if (primary === undefined) {
    if (required) throw new AppError(400, 'validation-error', 'validation-required', field);
    return { uk: null, ru: null };
  }
  return { uk: primary, ru: ru ?? '' };
}

/** The registration payload, checked beyond its schema (docs/product.md#validation). */
export async function registrationPatient(
  app: FastifyInstance,
  db: Queryable,
  payload: RegistrationPayload,
): Promise<NewPatient> {
  const today = app.clock();
  checkBirthDay(payload.birthDay, today, 'birthDay');
  checkAdult(payload.birthDay, today, 'birthDay');
  const repos = createRepositories(db, { clock: app.clock });
  if (!(await repos.patients.genderExists(payload.genderId))) {
    throw new AppError(400, 'validation-error', 'gender-invalid', 'genderId');
  }
  return {
    firstName: names(payload.firstName, 'firstName', true),
    lastName: names(payload.lastName, 'lastName', true),
    middleName: names(payload.middleName ?? {}, 'middleName', false),
    birthDay: payload.birthDay,
    genderId: payload.genderId,
  };
}

/** POST /patient/patients/registration/{id}/register: the account, and a code that logs it in at once. */
export async function register(
  app: FastifyInstance,
  id: string,
  payload: RegistrationPayload,
): Promise<{ code: string }> {
  const registration = UUID.test(id) ? await app.repos.auth.registration(id) : null;
  if (!registration?.approvedAt) throw new AppError(400, 'registration-not-approved', 'registration-not-approved');
  const approvedAt = new Date(registration.approvedAt).getTime();
  if (
    registration.usedAt !== null ||
    registration.supersededAt !== null ||
    app.clock().getTime() - approvedAt > REGISTRATION_WINDOW_SECONDS * 1000
  ) {
    throw new AppError(400, 'registration-expired', 'registration-expired');
  }
  const patient = await registrationPatient(app, app.db, payload);
  const token = randomToken(32);
  await app.db.transaction(async (tx) => {
    const repos = createRepositories(tx, { clock: app.clock });
    const user = await tx.maybeOne<{ id: number }>(
      'INSERT INTO users (phone) VALUES ($1) ON CONFLICT (phone) DO NOTHING RETURNING id',
      [registration.phone],
    );
    if (!user) throw new AppError(409, 'phone-taken', 'phone-taken', 'phone');
    await repos.patients.createOwner(user.id, patient);
    const done = await repos.auth.completeRegistration(id, user.id, {
      hash: loginTokenHash(app.config.auth.secret, id, token),
      ttlSeconds: LOGIN_TOKEN_TTL_SECONDS,
    });
    if (!done) throw new AppError(400, 'registration-expired', 'registration-expired');
  });
  return { code: token };
}

/** Phone change, step 2: the code sent to the candidate phone; answers the new phone. */
export async function approvePhoneChange(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  currentPhone: string,
  code: string,
): Promise<string> {
  return audited(app, request, 'phone-change', currentPhone, async () => {
    await countCheck(app, request, currentPhone);
    const tried = await app.repos.auth.tryCode({ userId, purpose: 'phone-change' }, app.config.auth.maxCodeAttempts);
    const accepted = await checkCode(app, tried, code, 'code', app.repos.auth.consumeCode);
    const changed = await app.db.maybeOne(
      `UPDATE users SET phone = $2, updated_at = now() WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM users other WHERE other.phone = $2 AND other.id <> $1)
        RETURNING 1`,
      [userId, accepted.phone],
    );
    if (!changed) throw new AppError(409, 'phone-taken', 'phone-taken', 'phone');
    await audit(app, request, 'phone-change', 'success', { phone: accepted.phone, userId });
    return accepted.phone;
  });
}
