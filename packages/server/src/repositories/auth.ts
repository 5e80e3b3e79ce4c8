/**
 * Sign-in data: users by phone, SMS codes (hashed), the per-phone resend gate and the rate counters.
 * Every check-and-change is one statement, so that concurrent requests and several API instances
 * cannot both pass a limit or both use one code.
 */
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export type CodePurpose = 'login' | 'registration' | 'phone-change';

export interface AccountByPhone {
  userId: number;
  patientId: number | null;
  doctorId: number | null;
}

export interface StoredCode {
  id: string;
  purpose: CodePurpose;
  phone: string;
  userId: number | null;
  codeHash: string;
  attempts: number;
  expiresAt: string;
}

export type CodeTry =
  | { status: 'none' } // no live code (never sent, used, superseded or expired)
  | { status: 'exhausted'; code: StoredCode } // the attempts are used up
  | { status: 'counted'; code: StoredCode }; // this try was counted; compare the hash now

const CODE_COLUMNS = `id, purpose, phone, user_id AS "userId", code_hash AS "codeHash", attempts,
  expires_at AS "expiresAt"`;

export function createAuthRepository(db: Queryable, clock: Clock) {
  const now = () => clock().toISOString();

  return {
    async accountByPhone(phone: string): Promise<AccountByPhone | null> {
      return db.maybeOne<AccountByPhone>(
        `SELECT u.id AS "userId", p.id AS "patientId", d.id AS "doctorId"
           FROM users u
           LEFT JOIN patients p ON p.user_id = u.id
           LEFT JOIN doctors d ON d.user_id = u.id
          WHERE u.phone = $1`,
        [phone],
      );
    },

    async accountById(userId: number): Promise<(AccountByPhone & { phone: string }) | null> {
      return db.maybeOne(
        `SELECT u.id AS "userId", u.phone, p.id AS "patientId", d.id AS "doctorId"
           FROM users u
           LEFT JOIN patients p ON p.user_id = u.id
           LEFT JOIN doctors d ON d.user_id = u.id
          WHERE u.id = $1`,
        [userId],
      );
    },

    /**
     * The resend gate: moves the phone's last send to now unless one happened less than `seconds` ago.
     * Answers 0 when passed, else the milliseconds left.
     */
    async passSendGate(phone: string, seconds: number): Promise<number> {
      const at = now();
      const passed = await db.maybeOne(
        `INSERT INTO auth_send_gates AS g (phone, last_sent_at) VALUES ($1, $2::timestamptz)
         ON CONFLICT (phone) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
          WHERE g.last_sent_at <= EXCLUDED.last_sent_at - make_interval(secs => $3::int)
         RETURNING 1`,
        [phone, at, seconds],
      );
      if (passed) return 0;
      const row = await db.maybeOne<{ left: number }>(
        `SELECT greatest(0, ceil(extract(epoch FROM (last_sent_at + make_interval(secs => $2::int) - $3::timestamptz))
                * 1000))::int AS left
           FROM auth_send_gates WHERE phone = $1`,
        [phone, seconds, at],
      );
      return Math.max(1, row?.left ?? seconds * 1000);
    },

    /** Gives the gate back (the SMS could not be sent). */
    async releaseSendGate(phone: string): Promise<void> {
      await db.query('DELETE FROM auth_send_gates WHERE phone = $1', [phone]);
    },

    /** Milliseconds until the phone may get another code (0: now). */
    async timeToNextSend(phone: string, seconds: number): Promise<number> {
      const row = await db.maybeOne<{ left: number }>(
        `SELECT greatest(0, ceil(extract(epoch FROM (last_sent_at + make_interval(secs => $2::int) - $3::timestamptz))
                * 1000))::int AS left
           FROM auth_send_gates WHERE phone = $1`,
        [phone, seconds, now()],
      );
      return row?.left ?? 0;
    },

    /**
     * Counts one event in the current fixed window of `windowSeconds` and answers whether the count is
     * still within `limit`.
     */
    async hit(key: string, limit: number, windowSeconds = 3600): Promise<boolean> {
      const windowStart = new Date(Math.floor(clock().getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
      const row = await db.one<{ count: number }>(
        `INSERT INTO rate_counters AS c (key, window_start, count) VALUES ($1, $2::timestamptz, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = c.count + 1
         RETURNING count`,
        [key, windowStart.toISOString()],
      );
      return row.count <= limit;
    },

    /** The count of `key` in the current fixed window, without counting (a limit's check before the try). */
    async counted(key: string, windowSeconds = 3600): Promise<number> {
      const windowStart = new Date(Math.floor(clock().getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
      const row = await db.maybeOne<{ count: number }>(
        'SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2::timestamptz',
        [key, windowStart.toISOString()],
      );
      return row?.count ?? 0;
    },

    /**
     * Counts one request of a client in the fixed window starting at `windowStart` (the global request
     * limit, shared by every instance on the database); answers the window's count so far.
     */
    async countRequest(client: string, windowStart: Date): Promise<number> {
      const row = await db.one<{ count: number }>(
        `INSERT INTO request_counters AS c (client, window_start, count) VALUES ($1, $2::timestamptz, 1)
         ON CONFLICT (client, window_start) DO UPDATE SET count = c.count + 1
         RETURNING count`,
        [client, windowStart.toISOString()],
      );
      return row.count;
    },

    /** Stores a new code and supersedes every earlier live code of the phone for the same purpose. */
    async createCode(input: {
      id: string;
      purpose: CodePurpose;
      phone: string;
      userId: number | null;
      codeHash: string;
      ttlSeconds: number;
    }): Promise<void> {
      const at = clock();
      await db.query(
        `UPDATE auth_codes SET superseded_at = $3::timestamptz
          WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND superseded_at IS NULL`,
        [input.phone, input.purpose, at.toISOString()],
      );
      await db.query(
        `INSERT INTO auth_codes (id, purpose, phone, user_id, code_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
        [
          input.id,
          input.purpose,
          input.phone,
          input.userId,
          input.codeHash,
          at.toISOString(),
          new Date(at.getTime() + input.ttlSeconds * 1000).toISOString(),
        ],
      );
    },

    /**
     * Counts a try of a live code, found by its id or (login, phone change) as the phone's latest.
     * The count rises only while below `maxAttempts`; at the limit the code is refused whatever is typed.
     */
    async tryCode(
      where: { id: string } | { phone: string; purpose: CodePurpose } | { userId: number; purpose: CodePurpose },
      maxAttempts: number,
    ): Promise<CodeTry> {
      const at = now();
      const [condition, params]: [string, Array<string | number>] =
        'id' in where
          ? ['id = $1', [where.id]]
          : 'phone' in where
            ? ['phone = $1 AND purpose = $2', [where.phone, where.purpose]]
            : ['user_id = $1 AND purpose = $2', [where.userId, where.purpose]];
      const live = await db.maybeOne<StoredCode>(
        `SELECT ${CODE_COLUMNS} FROM auth_codes
          WHERE ${condition} AND used_at IS NULL AND superseded_at IS NULL AND approved_at IS NULL
            AND expires_at > $${params.length + 1}::timestamptz
          ORDER BY created_at DESC LIMIT 1`,
        [...params, at],
      );
      if (!live) return { status: 'none' };
      const counted = await db.maybeOne<StoredCode>(
        `UPDATE auth_codes SET attempts = attempts + 1
          WHERE id = $1 AND attempts < $2 AND used_at IS NULL AND superseded_at IS NULL AND approved_at IS NULL
          RETURNING ${CODE_COLUMNS}`,
        [live.id, maxAttempts],
      );
      return counted ? { status: 'counted', code: counted } : { status: 'exhausted', code: live };
    },

    /** Marks a code used; false when another request used it first. */
    async consumeCode(id: string): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE auth_codes SET used_at = $2::timestamptz WHERE id = $1 AND used_at IS NULL AND approved_at IS NULL
         RETURNING 1`,
        [id, now()],
      );
      return row !== null;
    },

    /** Registration: the code was right; the registration may now be completed within `ttlSeconds`. */
    async approveRegistration(id: string): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE auth_codes SET approved_at = $2::timestamptz
          WHERE id = $1 AND purpose = 'registration' AND approved_at IS NULL AND used_at IS NULL
          RETURNING 1`,
        [id, now()],
      );
      return row !== null;
    },

    async registration(id: string): Promise<{
      id: string;
      phone: string;
      approvedAt: string | null;
      usedAt: string | null;
      supersededAt: string | null;
    } | null> {
      return db.maybeOne(
        `SELECT id, phone, approved_at AS "approvedAt", used_at AS "usedAt", superseded_at AS "supersededAt"
           FROM auth_codes WHERE id = $1 AND purpose = 'registration'`,
        [id],
      );
    },

    /** Completes an approved registration once: stores the account and the one-time login token. */
    async completeRegistration(
      id: string,
      userId: number,
      loginToken: { hash: string; ttlSeconds: number },
    ): Promise<boolean> {
      const at = clock();
      const row = await db.maybeOne(
        `UPDATE auth_codes SET used_at = $2::timestamptz, registered_user_id = $3, login_token_hash = $4,
                login_token_expires_at = $5::timestamptz
          WHERE id = $1 AND purpose = 'registration' AND approved_at IS NOT NULL AND used_at IS NULL
          RETURNING 1`,
        [
          id,
          at.toISOString(),
          userId,
          loginToken.hash,
          new Date(at.getTime() + loginToken.ttlSeconds * 1000).toISOString(),
        ],
      );
      return row !== null;
    },

    /** The registrations of a phone whose login token is still unused (to check a token against). */
    async pendingLoginTokens(phone: string): Promise<Array<{ id: string; userId: number; hash: string }>> {
      return db.query(
        `SELECT id, registered_user_id AS "userId", login_token_hash AS hash FROM auth_codes
          WHERE phone = $1 AND purpose = 'registration' AND login_token_hash IS NOT NULL
            AND login_token_used_at IS NULL AND login_token_expires_at > $2::timestamptz
          ORDER BY created_at DESC LIMIT 5`,
        [phone, now()],
      );
    },

    async useLoginToken(id: string): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE auth_codes SET login_token_used_at = $2::timestamptz WHERE id = $1 AND login_token_used_at IS NULL
         RETURNING 1`,
        [id, now()],
      );
      return row !== null;
    },

    /** Housekeeping: old codes, gates and counters. */
    async purge(olderThan: Date): Promise<void> {
      const at = olderThan.toISOString();
      await db.query('DELETE FROM auth_codes WHERE created_at < $1::timestamptz', [at]);
      await db.query('DELETE FROM auth_send_gates WHERE last_sent_at < $1::timestamptz', [at]);
      await db.query('DELETE FROM rate_counters WHERE window_start < $1::timestamptz', [at]);
      await db.query('DELETE FROM request_counters WHERE window_start < $1::timestamptz', [at]);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
