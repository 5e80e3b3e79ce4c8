/** A real PostgreSQL (15 or later) through a node-postgres pool, when DATABASE_URL is set. */
import pg from 'pg';
import {
  type Database,
  type Queryable,
  type SqlValue,
  toDatabaseError,
  toDriverParams,
  valueParsers,
  withRowHelpers,
} from './database';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Pool size; each API instance holds at most this many connections. */
  readonly max?: number;
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
    async <T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]> => {
      try {
        const result = await client.query<T & pg.QueryResultRow>(sql, toDriverParams(params));
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

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
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
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
