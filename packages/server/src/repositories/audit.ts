/** The audit log: sign-in attempts and reads of orders and results. Never health data, codes or tokens. */
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export type AuditEvent =
  | 'sign-in'
  | 'registration-approve'
  | 'phone-change'
  | 'registries-list'
  | 'registries-count'
  | 'registry-read'
  | 'results-read'
  | 'patient-registries-read'
  | 'dynamics-read'
  | 'receipt-read'
  | 'results-pdf'
  | 'results-fhir'
  | 'lis-results'
  | 'notification-settings'
  | 'results-share-create'
  | 'results-share-revoke'
  | 'results-sharing-settings'
  | 'shared-results-read'
  | 'shared-results-pdf'
  | 'shared-results-doctor';

export interface AuditEntry {
  readonly event: AuditEvent;
  readonly outcome: 'success' | 'failure';
  readonly userId?: number | null;
  readonly phoneHash?: string | null;
  readonly subjectId?: string | number | null;
  readonly reason?: string | null;
  readonly ip?: string | null;
  readonly userAgent?: string | null;
}

export function createAuditRepository(db: Queryable, clock: Clock) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (at, event, outcome, user_id, phone_hash, subject_id, reason, ip, user_agent)
         VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          clock().toISOString(),
          entry.event,
          entry.outcome,
          entry.userId ?? null,
          entry.phoneHash ?? null,
          // the subject can be request text (a receipt id from the URL): no control characters (NUL
          // cannot even be sent to PostgreSQL)
          entry.subjectId === undefined || entry.subjectId === null
            ? null
            : String(entry.subjectId).replace(/\p{Cc}/gu, '?'),
          entry.reason ?? null,
          entry.ip ?? null,
          entry.userAgent?.slice(0, 500) ?? null,
        ],
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
