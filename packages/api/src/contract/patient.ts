/** Patient account: docs/product.md#entities "User", "Patient"; docs/product.md#calls patient calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateString, Id, Nullable, PersonName, Phone, SmsCode } from './common';

export const GenderCode = Type.Union([Type.Literal('male'), Type.Literal('female')]);
export type GenderCode = Static<typeof GenderCode>;

/** A user as the account screens show them (names already in the request's language). */
export const User = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
  /** Whether a photo exists; its URL is built from the photo call plus `version`. */
  photo: Type.Boolean(),
  mobilePhone: Nullable(Phone),
  /** Patient number shown as ID. */
  number: Type.String(),
  email: Nullable(Type.String({ format: 'email' })),
  gender: Nullable(GenderCode),
  birthDay: Nullable(DateString),
});
export type User = Static<typeof User>;

/** `version` grows on every profile change; photo URLs carry it to bust caches. */
export const PatientUserData = Type.Composite([User, Type.Object({ version: Type.Integer({ minimum: 0 }) })]);
export type PatientUserData = Static<typeof PatientUserData>;

export const PatientAttributes = Type.Object({
  gender: Nullable(GenderCode),
  puberty: Nullable(Type.Boolean()),
  pregnancyWeek: Nullable(Type.Integer({ minimum: 0, maximum: 45 })),
  fetusCount: Nullable(Type.Integer({ minimum: 1, maximum: 9 })),
  menopause: Nullable(Type.Boolean()),
});
export type PatientAttributes = Static<typeof PatientAttributes>;

export const PatientType = Type.Union([Type.Literal('owner'), Type.Literal('ward')]);
export type PatientType = Static<typeof PatientType>;

/** A relative registered in the family account. */
export const Ward = Type.Object({
  id: Id,
  type: Type.Literal('ward'),
  ward: Type.Literal(true),
  userData: PatientUserData,
  attributes: PatientAttributes,
});
export type Ward = Static<typeof Ward>;

export const PatientSelf = Type.Object({
  id: Id,
  type: Type.Literal('owner'),
  userData: PatientUserData,
  phone: Phone,
  attributes: PatientAttributes,
  wards: Type.Array(Ward),
});
export type PatientSelf = Static<typeof PatientSelf>;

export const WardsResponse = Type.Array(Ward);
export type WardsResponse = Static<typeof WardsResponse>;

export const WardBody = Body({
  firstName: PersonName,
  lastName: PersonName,
  middleName: Type.Optional(Nullable(PersonName)),
  birthDay: DateString,
  genderId: Id,
});
export type WardBody = Static<typeof WardBody>;

export const WardParams = Type.Object({ id: Id });
export type WardParams = Static<typeof WardParams>;

/** Names and birth date change only through support (docs/product.md#roles); the rest is editable. */
export const PatientProfileBody = Body({
  email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 200 }))),
  attributes: Type.Optional(Type.Partial(PatientAttributes, { additionalProperties: false })),
});
export type PatientProfileBody = Static<typeof PatientProfileBody>;

/** Phone change, step 1: the candidate phone receives an SMS code. */
export const PhoneCandidateBody = Body({ phone: Phone });
export type PhoneCandidateBody = Static<typeof PhoneCandidateBody>;
export const PhoneCandidateResponse = Type.Object({ id: Type.String(), timeToNextSend: Type.Integer({ minimum: 0 }) });
export type PhoneCandidateResponse = Static<typeof PhoneCandidateResponse>;

/** Phone change, step 2: approve by the code. */
export const PhoneCandidateApproveBody = Body({ code: SmsCode });
export type PhoneCandidateApproveBody = Static<typeof PhoneCandidateApproveBody>;

export const DoctorPhotoParams = Type.Object({ id: Id });
export type DoctorPhotoParams = Static<typeof DoctorPhotoParams>;

/** Photos are image bytes (for `<img src>`); the upload answers the new profile version. */
export const PhotoImage = Type.String({ contentEncoding: 'binary', contentMediaType: 'image/*' });
export const PhotoUploadResponse = Type.Object({ version: Type.Integer({ minimum: 0 }) });
export type PhotoUploadResponse = Static<typeof PhotoUploadResponse>;
