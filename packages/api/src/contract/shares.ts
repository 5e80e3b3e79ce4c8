/**
 * Shared results (docs/product.md#roles "Sharing results may be unavailable until permitted in settings",
 * #errors "sending results failed", "sharing results unavailable"): the owner of an order gives its
 * results to someone else as a link (`/shared/{token}`) and a short code, for a chosen number of days,
 * revocable. Anyone with both reads them (and the PDF) without the owner's session; a signed-in doctor
 * takes them into the doctor's view. The owner's setting turns sharing off (every link stops working).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateTimeString, Id, Nullable, PersonRef } from './common';
import { Registry } from './results';

/** The link's secret part: 32 random bytes, base64url. */
export const ShareToken = Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' });
/** The access code the owner passes on beside the link: 6 digits. */
export const ShareCode = Type.String({ pattern: '^\\d{6}$', minLength: 6, maxLength: 6 });

/** For how long a link opens: a day, a week or a month. */
export const ShareDays = Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30)]);
export type ShareDays = Static<typeof ShareDays>;

export const ShareCreateBody = Body({ registryId: Id, days: ShareDays });
export type ShareCreateBody = Static<typeof ShareCreateBody>;

export const ShareStatus = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]);
export type ShareStatus = Static<typeof ShareStatus>;

/** One link as its owner sees it in the account (never its token or code: they are shown once). */
export const ResultShare = Type.Object({
  id: Id,
  registryId: Id,
  orderNumber: Type.String(),
  patient: PersonRef,
  createdAt: DateTimeString,
  expiresAt: DateTimeString,
  revokedAt: Nullable(DateTimeString),
  status: ShareStatus,
  /** When the results were last opened through it (code accepted), and how many times. */
  lastOpenedAt: Nullable(DateTimeString),
  openCount: Type.Integer({ minimum: 0 }),
});
export type ResultShare = Static<typeof ResultShare>;

/** A new link: its token and code, answered once (only their hashes are stored). */
export const ShareCreated = Type.Object({ share: ResultShare, token: ShareToken, code: ShareCode });
export type ShareCreated = Static<typeof ShareCreated>;

/** The owner's links, newest first, and whether sharing is on. */
export const SharesResponse = Type.Object({ enabled: Type.Boolean(), shares: Type.Array(ResultShare) });
export type SharesResponse = Static<typeof SharesResponse>;

export const ShareParams = Type.Object({ id: Id });
export type ShareParams = Static<typeof ShareParams>;

/** The owner's setting: may results be shared by link (on by default). */
export const SharingSettings = Type.Object({ enabled: Type.Boolean() });
export type SharingSettings = Static<typeof SharingSettings>;
export const SharingSettingsBody = Body({ enabled: Type.Boolean() });
export type SharingSettingsBody = Static<typeof SharingSettingsBody>;

export const SharedParams = Type.Object({ token: ShareToken });
export type SharedParams = Static<typeof SharedParams>;
export const SharedOpenBody = Body({ code: ShareCode });
export type SharedOpenBody = Static<typeof SharedOpenBody>;

/** What the recipient sees: the order's results read-only, whose they are and until when. */
export const SharedResults = Type.Object({
  registry: Registry,
  expiresAt: DateTimeString,
});
export type SharedResults = Static<typeof SharedResults>;

/** Where a doctor reads the shared results in the doctor's view. */
export const SharedForDoctor = Type.Object({ patientId: Id, registryId: Id, expiresAt: DateTimeString });
export type SharedForDoctor = Static<typeof SharedForDoctor>;
