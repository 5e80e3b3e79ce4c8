/** Server-side sessions: a row per sign-in, found by the SHA-256 of the cookie's token. */
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export interface SessionRow {
  id: number;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

/** The signed-in user as every private request sees it. */
export interface SessionUser {
  sessionId: number;
  userId: number;
  phone: string;
  /** The user's own patient record; null for a doctor without one. */
  patientId: number | null;
  doctorId: number | null;
}

export function createSessionsRepository(db: Queryable, clock: Clock) {
  return {
    async create(input: {
      tokenHash: string;
      userId: number;
      absoluteSeconds: number;
      ip: string | null;
      userAgent: string | null;
    }): Promise<SessionRow> {
      const at = clock();
      return db.one<SessionRow>(
        `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
         VALUES ($1, $2, $3::timestamptz, $3::timestamptz, $4::timestamptz, $5, $6)
         RETURNING id::int AS id, user_id AS "userId", created_at AS "createdAt", expires_at AS "expiresAt"`,
        [
          input.tokenHash,
          input.userId,
          at.toISOString(),
          new Date(at.getTime() + input.absoluteSeconds * 1000).toISOString(),
          input.ip,
          input.userAgent?.slice(0, 500) ?? null,
        ],
      );
    },

    /**
     * The live session of a token, sliding its idle timeout: one statement finds it (not revoked, not
     * past its absolute lifetime, used within `idleSeconds`) and records this use.
     */
    async touch(tokenHash: string, idleSeconds: number): Promise<SessionUser | null> {
      const at = clock().toISOString();
      return db.maybeOne<SessionUser>(
        `UPDATE sessions s SET last_seen_at = $2::timestamptz
           FROM users u
           LEFT JOIN patients p ON p.user_id = u.id
           LEFT JOIN doctors d ON d.user_id = u.id
          WHERE s.token_hash = $1 AND u.id = s.user_id AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz
            AND s.last_seen_at > $2::timestamptz - make_interval(secs => $3::int)
          RETURNING s.id::int AS "sessionId", s.user_id AS "userId", u.phone, p.id AS "patientId",
                    d.id AS "doctorId"`,
        [tokenHash, at, idleSeconds],
      );
    },

    async revoke(tokenHash: string): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE sessions SET revoked_at = $2::timestamptz WHERE token_hash = $1 AND revoked_at IS NULL RETURNING 1`,
        [tokenHash, clock().toISOString()],
      );
      return row !== null;
    },

    async purge(olderThan: Date): Promise<void> {
      await db.query('DELETE FROM sessions WHERE expires_at < $1::timestamptz', [olderThan.toISOString()]);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
