/**
 * The one data layer: plain SQL with `$1` parameters over PGlite (embedded, default) or node-postgres
 * (`DATABASE_URL`). Both implementations return the same JavaScript values for the same SQL:
 *
 *   int2/int4/int8, numeric, float  -> number   (ids are int4; counts and sums fit a double)
 *   date                            -> 'YYYY-MM-DD' string
 *   timestamptz                     -> ISO string in UTC ('2026-01-31T10:00:00.000Z')
 *   json/jsonb                      -> parsed value
 *   arrays of int4/text/bool        -> arrays
 *
 * Parameters are strings, numbers, booleans, null or arrays of them; pass JSON as
 * `JSON.stringify(value)` with a `$n::jsonb` cast. Never build SQL from request values: only
 * identifiers from fixed lists (for example `title_uk` / `title_ru`) may be spliced in.
 */
import { createHash } from 'node:crypto';

export type SqlScalar = string | number | boolean | null;
export type SqlValue = SqlScalar | readonly SqlScalar[];
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * Run as a named prepared statement, parsed once per connection (PGlite: in its one session), its name
   * the text's hash; PostgreSQL plans it once when a generic plan costs no more than the custom ones.
   * For statements of a fixed text that run on every request; never for text that varies without bound
   * (the server keeps every prepared statement until the connection closes).
   */
  readonly prepare?: boolean;
}

/**
 * The name of a prepared statement: its text's hash (one text, one name, on every connection), hashed
 * once per text (prepared texts are few: QueryOptions.prepare).
 */
const statementNames = new Map<string, string>();
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  return name;
}

export interface Queryable {
  /** All rows of one statement. */
  query<T extends object = Row>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]>;
  /** Exactly one row; throws when there is none (use for INSERT ... RETURNING, aggregates). */
  one<T extends object = Row>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T>;
  /** The first row or null. */
  maybeOne<T extends object = Row>(sql: string, params?: readonly SqlValue[]): Promise<T | null>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseDialect = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly dialect: DatabaseDialect;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Calls on
   * `tx` belong to the transaction; on PGlite other callers wait until it ends.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while no other caller, in this process or another, runs an `exclusive` section of the
   * same key (start-up migrations and seed of several API instances on one PostgreSQL). `fn` gets the
   * database to use meanwhile: on PostgreSQL one connection holding a session advisory lock (freed with
   * the connection if the process dies), so `fn` needs no second connection from the pool.
   */
  exclusive<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  /** The connections and the callers waiting for one, for the metrics (a snapshot, cheap). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections (PGlite: its one session). */
  readonly total: number;
  /** Of those, not running a statement. */
  readonly idle: number;
  /** Callers waiting for a connection (PGlite: statements queued behind the running one). */
  readonly waiting: number;
}

/**
 * A failed statement, the same class for both drivers (PGlite's errors may even come from another
 * JavaScript realm under jest). `code` is PostgreSQL's SQLSTATE (23505 unique violation ...).
 */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(message: string, fields: { code?: string; detail?: string; constraint?: string; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.code = fields.code;
    this.detail = fields.detail;
    this.constraint = fields.constraint;
  }
}

export const SQLSTATE = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/**
 * Codes and texts of "the database cannot be reached" (server down, restarting, connection dropped or
 * the pool timed out waiting): the request may succeed a moment later, so it answers 503, not 500.
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), and
 * node's socket errors as node-postgres passes them on.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (?:starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) {
    return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
  // AggregateError (a refused connection on both ::1 and 127.0.0.1)
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

function stringField(value: object, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/** Any driver error -> DatabaseError, keeping the statement's first line for the log. */
export function toDatabaseError(error: unknown, sql: string): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const source = typeof error === 'object' && error !== null ? error : {};
  const message = stringField(source, 'message') ?? String(error);
  const statement = sql.trim().split('\n')[0]?.slice(0, 120) ?? '';
  return new DatabaseError(`${message} [${statement}]`, {
    code: stringField(source, 'code'),
    detail: stringField(source, 'detail'),
    constraint: stringField(source, 'constraint'),
    cause: error,
  });
}

/** Builds `one` and `maybeOne` on top of `query`. */
export function withRowHelpers(
  query: <T extends object>(sql: string, params?: readonly SqlValue[], options?: QueryOptions) => Promise<T[]>,
  exec: (sql: string) => Promise<void>,
): Queryable {
  return {
    query,
    exec,
    async one<T extends object>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T> {
      const rows = await query<T>(sql, params, options);
      const row = rows[0];
      if (row === undefined) throw new DatabaseError('Expected one row, got none', {});
      return row;
    },
    async maybeOne<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T | null> {
      const rows = await query<T>(sql, params);
      return rows[0] ?? null;
    },
  };
}

// ---- value parsing shared by both drivers

export const TYPE_OIDS = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-]\d{2})(?::?(\d{2}))?(?::?\d{2})?)?$/;

/** PostgreSQL's text form of a timestamp (session TimeZone is UTC) -> ISO string in UTC. */
export function parseTimestamp(text: string): string {
  const match = TIMESTAMP.exec(text);
  if (!match) return text; // 'infinity' and BC dates pass through
  const offset = match[3] === undefined ? 'Z' : `${match[3]}:${match[4] ?? '00'}`;
  const date = new Date(`${match[1]}T${match[2]}${offset}`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export const valueParsers: Readonly<Record<number, (text: string) => unknown>> = {
  [TYPE_OIDS.int8]: (text) => Number(text),
  [TYPE_OIDS.numeric]: (text) => Number(text),
  [TYPE_OIDS.date]: (text) => text,
  [TYPE_OIDS.timestamp]: parseTimestamp,
  [TYPE_OIDS.timestamptz]: parseTimestamp,
};

/** Arrays are passed as JS arrays; both drivers turn them into PostgreSQL arrays. */
export function toDriverParams(params: readonly SqlValue[] | undefined): unknown[] {
  return params ? params.map((value) => (Array.isArray(value) ? [...value] : value)) : [];
}
