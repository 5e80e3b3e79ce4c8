/**
 * Links to an order's results (migration 009): the owner makes, lists and revokes them; a recipient
 * finds one by its token's hash; a doctor who opened one reads the order in the doctor's view while it
 * opens. A link opens while it is neither revoked nor expired and its owner lets results be shared.
 */
import type { ResultShare, ShareStatus } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';
import type { Locale } from '../i18n/messages';
import { nameColumns } from './people';
import type { SqlParams } from './sql-params';

/**
 * The orders shared with a doctor through links that still open: `o.id IN (...)` joins a doctor's
 * scope (the results' and the orders' reads), so a revoked or expired link, or sharing turned off,
 * takes the order out of the doctor's view at once.
 */
export function sharedWithDoctorSql(doctorId: number, now: Date, p: SqlParams): string {
  return `o.id IN (SELECT sr.order_id FROM result_share_doctors sd
                     JOIN result_shares s ON s.id = sd.share_id
                     JOIN registries sr ON sr.id = s.registry_id
                     JOIN users su ON su.id = s.owner_user_id
                    WHERE sd.doctor_id = ${p.add(doctorId)} AND s.revoked_at IS NULL
                      AND s.expires_at > ${p.add(now.toISOString())}::timestamptz AND su.results_sharing)`;
}

/** A link found by its token, for the recipient's reads. */
export interface OpenShare {
  readonly id: number;
  readonly codeHash: string;
  readonly ownerUserId: number;
  readonly registryId: number;
  readonly patientId: number;
  readonly expiresAt: string;
  /** active only while the owner lets results be shared. */
  readonly status: ShareStatus | 'sharing-off';
}

type ShareRow = Omit<ResultShare, 'patient' | 'status'> & {
  patientId: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
  expired: boolean;
};

type ClosedShare = Exclude<OpenShare['status'], 'active'>;

/** Whether a link opens for its recipient, and if not, why. */
const openStateOf = (row: { revoked: boolean; expired: boolean; on: boolean }): OpenShare['status'] =>
  row.revoked ? 'revoked' : row.expired ? 'expired' : row.on ? 'active' : 'sharing-off';

const statusOf = (row: { revokedAt: string | null; expired: boolean }): ShareStatus =>
  row.revokedAt !== null ? 'revoked' : row.expired ? 'expired' : 'active';

export function createSharesRepository(db: Queryable, clock: Clock) {
  const select = (locale: Locale) =>
    `SELECT s.id, s.registry_id AS "registryId", o.number AS "orderNumber", s.created_at AS "createdAt",
            s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt", s.last_opened_at AS "lastOpenedAt",
            s.open_count AS "openCount", s.expires_at <= $2::timestamptz AS expired,
            pt.id AS "patientId", ${nameColumns('pt', locale)}
       FROM result_shares s JOIN registries r ON r.id = s.registry_id JOIN orders o ON o.id = r.order_id
       JOIN patients pt ON pt.id = o.patient_id`;
  const toShare = ({ patientId, firstName, lastName, middleName, expired, ...row }: ShareRow): ResultShare => ({
    ...row,
    patient: { id: patientId, firstName, lastName, middleName },
    status: statusOf({ revokedAt: row.revokedAt, expired }),
  });

  const repo = {
    async sharingEnabled(userId: number): Promise<boolean> {
      const row = await db.one<{ enabled: boolean }>('SELECT results_sharing AS enabled FROM users WHERE id = $1', [
        userId,
      ]);
      return row.enabled;
    },

    async setSharing(userId: number, enabled: boolean): Promise<boolean> {
      const row = await db.one<{ enabled: boolean }>(
        'UPDATE users SET results_sharing = $2, updated_at = now() WHERE id = $1 RETURNING results_sharing AS enabled',
        [userId, enabled],
      );
      return row.enabled;
    },

    /** Whether the registry is one of the user's orders (their own or a ward's): only those can be shared. */
    async owns(userId: number, registryId: number): Promise<boolean> {
      const row = await db.maybeOne(
        'SELECT 1 FROM registries r JOIN orders o ON o.id = r.order_id WHERE r.id = $1 AND o.user_id = $2',
        [registryId, userId],
      );
      return row !== null;
    },

    /** A new link; `codeHashOf` binds the code's hash to the row's id. */
    async create(
      input: { ownerUserId: number; registryId: number; days: number; tokenHash: string },
      codeHashOf: (id: number) => string,
      locale: Locale,
    ): Promise<ResultShare> {
      const now = clock();
      const expires = new Date(now.getTime() + input.days * 24 * 3600 * 1000);
      const { id } = await db.one<{ id: number }>(
        `INSERT INTO result_shares (token_hash, code_hash, owner_user_id, registry_id, created_at, expires_at)
         VALUES ($1, '', $2, $3, $4::timestamptz, $5::timestamptz) RETURNING id`,
        [input.tokenHash, input.ownerUserId, input.registryId, now.toISOString(), expires.toISOString()],
      );
      await db.query('UPDATE result_shares SET code_hash = $2 WHERE id = $1', [id, codeHashOf(id)]);
      const share = await repo.get(input.ownerUserId, id, locale);
      if (!share) throw new Error('a share just made is missing');
      return share;
    },

    async get(ownerUserId: number, id: number, locale: Locale): Promise<ResultShare | null> {
      const row = await db.maybeOne<ShareRow>(`${select(locale)} WHERE s.id = $1 AND s.owner_user_id = $3`, [
        id,
        clock().toISOString(),
        ownerUserId,
      ]);
      return row ? toShare(row) : null;
    },

    /** The owner's links, newest first (the last 100). */
    async list(ownerUserId: number, locale: Locale): Promise<ResultShare[]> {
      const rows = await db.query<ShareRow>(
        `${select(locale)} WHERE s.owner_user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
        [ownerUserId, clock().toISOString()],
      );
      return rows.map(toShare);
    },

    /** Revokes one of the owner's links (again: unchanged); null when it is not theirs. */
    async revoke(ownerUserId: number, id: number, locale: Locale): Promise<ResultShare | null> {
      await db.query(
        'UPDATE result_shares SET revoked_at = coalesce(revoked_at, $3::timestamptz) WHERE id = $1 AND owner_user_id = $2',
        [id, ownerUserId, clock().toISOString()],
      );
      return repo.get(ownerUserId, id, locale);
    },

    /**
     * Why an order a doctor took through a link is out of their view: the newest such link's state when
     * none of them opens any more; null when the doctor never took it by a link (or one still opens).
     */
    async closedForDoctor(doctorId: number, registryId: number): Promise<ClosedShare | null> {
      const rows = await db.query<{ revoked: boolean; expired: boolean; on: boolean }>(
        `SELECT s.revoked_at IS NOT NULL AS revoked, s.expires_at <= $3::timestamptz AS expired, u.results_sharing AS on
           FROM result_share_doctors sd JOIN result_shares s ON s.id = sd.share_id
           JOIN users u ON u.id = s.owner_user_id
          WHERE sd.doctor_id = $1 AND s.registry_id = $2
          ORDER BY s.created_at DESC, s.id DESC`,
        [doctorId, registryId, clock().toISOString()],
      );
      const states = rows.map(openStateOf);
      const newest = states[0];
      return newest === undefined || newest === 'active' || states.includes('active') ? null : newest;
    },

    async byToken(tokenHash: string): Promise<OpenShare | null> {
      const row = await db.maybeOne<Omit<OpenShare, 'status'> & { revoked: boolean; expired: boolean; on: boolean }>(
        `SELECT s.id, s.code_hash AS "codeHash", s.owner_user_id AS "ownerUserId", s.registry_id AS "registryId",
                o.patient_id AS "patientId", s.expires_at AS "expiresAt", s.revoked_at IS NOT NULL AS revoked,
                s.expires_at <= $2::timestamptz AS expired, u.results_sharing AS on
           FROM result_shares s JOIN registries r ON r.id = s.registry_id JOIN orders o ON o.id = r.order_id
           JOIN users u ON u.id = s.owner_user_id
          WHERE s.token_hash = $1`,
        [tokenHash, clock().toISOString()],
      );
      if (!row) return null;
      const { revoked, expired, on, ...share } = row;
      return { ...share, status: openStateOf({ revoked, expired, on }) };
    },

    /** One opening through a link: when, and how many. */
    async opened(id: number): Promise<void> {
      await db.query(
        'UPDATE result_shares SET last_opened_at = $2::timestamptz, open_count = open_count + 1 WHERE id = $1',
        [id, clock().toISOString()],
      );
    },

    /** A doctor takes the link's order into the doctor's view. */
    async takeForDoctor(shareId: number, doctorId: number): Promise<void> {
      await db.query(
        `INSERT INTO result_share_doctors (share_id, doctor_id, taken_at) VALUES ($1, $2, $3::timestamptz)
         ON CONFLICT (share_id, doctor_id) DO NOTHING`,
        [shareId, doctorId, clock().toISOString()],
      );
    },
  };
  return repo;
}

export type SharesRepository = ReturnType<typeof createSharesRepository>;
