/** PGlite (PostgreSQL 18 in WebAssembly), persisted in a folder or in memory. */
import { mkdirSync } from 'node:fs';
import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

export interface PgliteDatabase extends Database {
  readonly dialect: 'pglite';
  /**
   * A tarball of the data folder, consistent while the database serves (statements wait meanwhile), for
   * `openPglite({ loadDataDir })`: test templates ('none'), backups ('gzip').
   */
  dumpDataDir(compression?: 'none' | 'gzip'): Promise<Blob>;
}

export interface PgliteOptions {
  /** A folder to persist into; omitted means in memory. */
  readonly dataDir?: string;
  /** Start from a dump (`dumpDataDir()`): in memory, or into an empty folder (a restored backup). */
  readonly loadDataDir?: Blob;
}

/** Statements started and not finished: PGlite runs one at a time, the others queue (poolStats). */
type Load = { inFlight: number };

/** The statements prepared in the database's one session: by name, their parameters' type ids. */
type Prepared = Map<string, number[]>;

const { serialize } = protocol;

/**
 * A named prepared statement over PGlite's wire protocol (its `query` parses and plans every time):
 * parsed and described once in the session, then bound and executed. A statement parsed in a
 * transaction that rolls back stays prepared, as on PostgreSQL. `inTransaction`: the caller's
 * transaction holds the transaction lock; otherwise it is taken, as `query` does, so that the statement
 * never runs between the statements of another caller's transaction.
 */
async function queryPrepared<T extends object>(
  pg: PGlite,
  prepared: Prepared,
  inTransaction: boolean,
  sql: string,
  params: readonly SqlValue[] | undefined,
): Promise<T[]> {
  const run = () =>
    pg._runExclusiveQuery(async () => {
      const name = statementName(sql);
      const messages: Awaited<ReturnType<PGlite['execProtocolStream']>> = [];
      try {
        let types = prepared.get(name);
        if (types === undefined) {
          await pg.execProtocolStream(serialize.parse({ name, text: sql }), { syncToFs: false });
          types = parse.parseDescribeStatementResults(
            await pg.execProtocolStream(serialize.describe({ type: 'S', name }), { syncToFs: false }),
          );
          prepared.set(name, types);
        }
        const parameterTypes = types;
        const values = toDriverParams(params).map((value, index) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[parameterTypes[index] ?? 0];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await pg.execProtocolStream(serialize.bind({ statement: name, values }), { syncToFs: false })),
          ...(await pg.execProtocolStream(serialize.describe({ type: 'P' }), { syncToFs: false })),
          ...(await pg.execProtocolStream(serialize.execute({}), { syncToFs: false })),
        );
      } finally {
        messages.push(...(await pg.execProtocolStream(serialize.sync(), { syncToFs: false })));
      }
      return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
    });
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

function queryable(target: PGlite | Transaction, load: Load, pg: PGlite, prepared: Prepared): Queryable {
  const inTransaction = target !== pg;
  return withRowHelpers(
    async <T extends object>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]> => {
      load.inFlight += 1;
      try {
        if (options?.prepare) return await queryPrepared<T>(pg, prepared, inTransaction, sql, params);
        const result = await target.query<T>(sql, toDriverParams(params));
        return result.rows;
      } catch (error) {
        throw toDatabaseError(error, sql);
      } finally {
        load.inFlight -= 1;
      }
    },
    async (sql: string): Promise<void> => {
      load.inFlight += 1;
      try {
        await target.exec(sql);
      } catch (error) {
        throw toDatabaseError(error, sql);
      } finally {
        load.inFlight -= 1;
      }
    },
  );
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    parsers: valueParsers,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pg.exec("SET TimeZone TO 'UTC'");
  const load: Load = { inFlight: 0 };
  const prepared: Prepared = new Map();
  const base = queryable(pg, load, pg, prepared);
  // `exclusive`: one process owns a PGlite folder, so a queue per key in this process is the whole
  // lock (an advisory lock would be re-entrant in PGlite's one session and exclude nobody)
  const queues = new Map<number, Promise<unknown>>();
  const db: PgliteDatabase = {
    ...base,
    dialect: 'pglite',
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(queryable(tx, load, pg, prepared)));
    },
    exclusive<T>(key: number, fn: (inside: Database) => Promise<T>): Promise<T> {
      // a nested section of the same key runs at once, as on PostgreSQL
      const inside: PgliteDatabase = {
        ...db,
        exclusive: (nestedKey, nested) => (nestedKey === key ? nested(inside) : db.exclusive(nestedKey, nested)),
      };
      const run = (queues.get(key) ?? Promise.resolve()).then(() => fn(inside));
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(key, settled);
      void settled.then(() => {
        if (queues.get(key) === settled) queues.delete(key);
      });
      return run;
    },
    poolStats: () => ({ total: 1, idle: load.inFlight === 0 ? 1 : 0, waiting: Math.max(0, load.inFlight - 1) }),
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
    async dumpDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
      return pg.dumpDataDir(compression);
    },
  };
  return db;
}
