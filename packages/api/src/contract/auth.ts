/** Sign-in by phone and registration: docs/product.md#entities ("Phone data", "Registration payload"), #sign-in, #validation. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateString, Id, PersonName, Phone, Role, SmsCode } from './common';

/** `registration`: a new patient; `login`: an existing account (the SMS code is then the password). */
export const PhoneDataType = Type.Union([Type.Literal('registration'), Type.Literal('login')]);
export type PhoneDataType = Static<typeof PhoneDataType>;
/** Which profile the phone belongs to. */
export const PhoneDataSource = Type.Union([Type.Literal('patient'), Type.Literal('doctor')]);
export type PhoneDataSource = Static<typeof PhoneDataSource>;

export const AuthBody = Body({ phone: Phone });
export type AuthBody = Static<typeof AuthBody>;

/** Answer to "send phone". `id` names the pending registration; timeToNextSend is in ms. */
export const PhoneData = Type.Object({
  type: PhoneDataType,
  source: PhoneDataSource,
  id: Type.String({ minLength: 1 }),
  timeToNextSend: Type.Integer({ minimum: 0 }),
});
export type PhoneData = Static<typeof PhoneData>;

/** The password is the SMS code, or the one-time code the register call returns. */
export const LoginBody = Body({ phone: Phone, password: Type.String({ minLength: 4, maxLength: 128 }) });
export type LoginBody = Static<typeof LoginBody>;
export const LoginResponse = Type.Object({ userId: Id, roles: Type.Array(Role) });
export type LoginResponse = Static<typeof LoginResponse>;

export const RegistrationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type RegistrationParams = Static<typeof RegistrationParams>;

export const CodeBody = Body({ code: SmsCode });
export type CodeBody = Static<typeof CodeBody>;
export const RegistrationApproveResponse = Type.Object({ id: Type.String() });
export type RegistrationApproveResponse = Static<typeof RegistrationApproveResponse>;

/** A name in the languages it was typed in: `uk` for locale ua, `ru` for ru (docs/product.md#entities). */
export const LocalizedName = Type.Object(
  { uk: Type.Optional(PersonName), ru: Type.Optional(PersonName) },
  { additionalProperties: false, minProperties: 1 },
);
export type LocalizedName = Static<typeof LocalizedName>;

export const RegistrationPayload = Body({
  firstName: LocalizedName,
  lastName: LocalizedName,
  /** Left out by someone who has no patronymic (they say so in the form): docs/product.md#validation. */
  middleName: Type.Optional(LocalizedName),
  /** YYYY-MM-DD; the server also checks 1900-01-01 < date and age >= 18. */
  birthDay: DateString,
  genderId: Id,
});
export type RegistrationPayload = Static<typeof RegistrationPayload>;

/** The one-time code that logs the new patient in at once. */
export const RegistrationResponse = Type.Object({ code: Type.String({ minLength: 4 }) });
export type RegistrationResponse = Static<typeof RegistrationResponse>;

/** GET info: canLogin true means guest. */
/**
 * canLogin true: a guest (docs/product.md#calls "GET info (canLogin)"). A signed-in user's answer also says
 * which profiles the user has, so that the apps ask only for those (a patient is never answered 404 for
 * a doctor's profile). Optional: an older API answers canLogin alone, and the apps then ask for both.
 */
export const SessionInfo = Type.Object({
  canLogin: Type.Boolean(),
  profiles: Type.Optional(Type.Object({ patient: Type.Boolean(), doctor: Type.Boolean() })),
});
export type SessionInfo = Static<typeof SessionInfo>;

// ---- reference lists used by the forms

export const Gender = Type.Object({ id: Id, code: Type.String(), title: Type.String(), enabled: Type.Boolean() });
export type Gender = Static<typeof Gender>;
export const GendersResponse = Type.Array(Gender);
export type GendersResponse = Static<typeof GendersResponse>;

export const Specialization = Type.Object({ id: Id, title: Type.String() });
export type Specialization = Static<typeof Specialization>;
export const SpecializationsResponse = Type.Array(Specialization);
export type SpecializationsResponse = Static<typeof SpecializationsResponse>;
