/**
 * The laboratory's information systems (LIS) and their API keys. A key is 32 random bytes, shown once
 * when it is issued (`lis_` + base64url); only its SHA-256 is stored, so the database never holds a
 * usable key. A system may have several live keys at once: issue the new one, switch the system over,
 * revoke the old one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export interface LisKeyOwner {
  readonly keyId: number;
  /** The key's name, as every log line of its requests says it. */
  readonly keyName: string;
  readonly systemId: number;
  readonly systemKey: string;
  /** Orders of these settlements only; null: every order. */
  readonly settlementIds: readonly number[] | null;
}

export interface LisKeyListing {
  readonly id: number;
  readonly system: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export const LIS_KEY_PREFIX = 'lis_';

/** The stored form of a key. */
export function lisKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What lists and logs show of a key: enough to tell keys apart, useless to an attacker. */
export function lisKeyPrefix(key: string): string {
  return key.slice(0, 10);
}

/** A new random key (the only time it exists in the clear). */
export function newLisKey(): string {
  return `${LIS_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function createLisRepository(db: Queryable, clock: Clock) {
  return {
    /** The live key of this value with its system, or null (unknown or revoked). */
    async ownerOf(key: string): Promise<LisKeyOwner | null> {
      const row = await db.maybeOne<LisKeyOwner>(
        `SELECT k.id AS "keyId", k.name AS "keyName", s.id AS "systemId", s.key AS "systemKey",
                s.settlement_ids AS "settlementIds"
           FROM lis_api_keys k JOIN lis_systems s ON s.id = k.system_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [lisKeyHash(key)],
      );
      if (row) {
        // at most once a minute per key: a busy system does not write on every request
        await db.query(
          `UPDATE lis_api_keys SET last_used_at = $2::timestamptz
            WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
          [row.keyId, clock().toISOString()],
        );
      }
      return row;
    },

    /** Creates the system unless it exists (then its title and scope are updated); answers its id. */
    async upsertSystem(system: {
      key: string;
      title: string;
      settlementIds: readonly number[] | null;
    }): Promise<number> {
      const row = await db.one<{ id: number }>(
        `INSERT INTO lis_systems (key, title, settlement_ids) VALUES ($1, $2, $3::int[])
         ON CONFLICT (key) DO UPDATE SET title = EXCLUDED.title, settlement_ids = EXCLUDED.settlement_ids
         RETURNING id`,
        [system.key, system.title, system.settlementIds === null ? null : [...system.settlementIds]],
      );
      return row.id;
    },

    /** Stores a key (its hash) under a name; the name must be new for the system. */
    async addKey(systemId: number, name: string, key: string): Promise<number> {
      const row = await db.one<{ id: number }>(
        `INSERT INTO lis_api_keys (system_id, name, prefix, key_hash, created_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id`,
        [systemId, name, lisKeyPrefix(key), lisKeyHash(key), clock().toISOString()],
      );
      return row.id;
    },

    /** The key of this value stored for the system unless it is there already (the development key). */
    async ensureKey(systemId: number, name: string, key: string): Promise<void> {
      await db.query(
        `INSERT INTO lis_api_keys (system_id, name, prefix, key_hash, created_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz) ON CONFLICT DO NOTHING`,
        [systemId, name, lisKeyPrefix(key), lisKeyHash(key), clock().toISOString()],
      );
    },

    async revokeKey(systemKey: string, name: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE lis_api_keys k SET revoked_at = $3::timestamptz FROM lis_systems s
          WHERE s.id = k.system_id AND s.key = $1 AND k.name = $2 AND k.revoked_at IS NULL RETURNING k.id`,
        [systemKey, name, clock().toISOString()],
      );
      return rows.length > 0;
    },

    async listKeys(): Promise<LisKeyListing[]> {
      return db.query<LisKeyListing>(
        `SELECT k.id, s.key AS system, k.name, k.prefix, k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
                k.revoked_at AS "revokedAt"
           FROM lis_api_keys k JOIN lis_systems s ON s.id = k.system_id ORDER BY s.key, k.created_at, k.id`,
      );
    },
  };
}

export type LisRepository = ReturnType<typeof createLisRepository>;
