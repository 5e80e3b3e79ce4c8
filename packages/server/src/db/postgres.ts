/** A real PostgreSQL (15 or later) through a node-postgres pool, when DATABASE_URL is set. */
import pg from 'pg';
import {
  type Database,
  type Queryable,
  type QueryOptions,
  type SqlValue,
  statementName,
  toDatabaseError,
  toDriverParams,
  valueParsers,
  withRowHelpers,
} from './database';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Pool size; each API instance holds at most this many connections. */
  readonly max?: number;
  /** How long a caller waits for a connection before the request fails with 503 (default 5 s). */
  readonly connectionTimeoutMillis?: number;
}

/** node-postgres type parsers: ours for the types in `valueParsers`, the driver's for the rest. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const own = valueParsers[oid];
    if (own && format !== 'binary') return own;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return withRowHelpers(
    async <T extends object>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]> => {
      try {
        const values = toDriverParams(params);
        const result = await client.query<T & pg.QueryResultRow>(
          options?.prepare ? { name: statementName(sql), text: sql, values } : { text: sql, values },
        );
        return result.rows;
      } catch (error) {
        throw toDatabaseError(error, sql);
      }
    },
    async (sql: string): Promise<void> => {
      try {
        await client.query(sql);
      } catch (error) {
        throw toDatabaseError(error, sql);
      }
    },
  );
}

/** BEGIN ... COMMIT on one client; ROLLBACK when `fn` throws. */
async function transactionOn<T>(client: pg.PoolClient, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await client.query('BEGIN');
    const result = await fn(queryable(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * `fn` on `client` holding the session advisory lock `key` (re-entrant: a nested section of the same
 * key on the same connection does not wait). When locking or unlocking fails, `keep.ok` turns false and
 * the owner of the client closes it instead of pooling it, which frees any lock it still holds.
 */
async function lockedOn<T>(
  client: pg.PoolClient,
  key: number,
  fn: (db: Database) => Promise<T>,
  keep: { ok: boolean },
): Promise<T> {
  const sql = 'SELECT pg_advisory_lock($1)';
  await client.query(sql, [key]).catch((error: unknown) => {
    keep.ok = false;
    throw toDatabaseError(error, sql);
  });
  try {
    return await fn(pinned(client, keep));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
      keep.ok = false;
    });
  }
}

/** One pooled connection as a Database (inside `exclusive`); it goes back to the pool when `fn` ends. */
function pinned(client: pg.PoolClient, keep: { ok: boolean }): Database {
  return {
    ...queryable(client),
    dialect: 'postgres',
    transaction: (fn) => transactionOn(client, fn),
    exclusive: (key, fn) => lockedOn(client, key, fn, keep),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    async close(): Promise<void> {
      // the owner of the pool closes it
    },
  };
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // without it a request waits forever while the server is down; with it, 503 and a retry later
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    types,
    // every session in UTC, so timestamps come back the same as from PGlite
    options: '-c TimeZone=UTC',
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Fail at start-up rather than on the first request when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const base = queryable(pool);
  let closed = false;
  return {
    ...base,
    dialect: 'postgres',
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await transactionOn(client, fn);
      } finally {
        client.release();
      }
    },
    async exclusive<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const keep = { ok: true };
      try {
        return await lockedOn(client, key, fn, keep);
      } finally {
        // release(true) closes a connection that may still hold the lock instead of pooling it
        client.release(!keep.ok);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
