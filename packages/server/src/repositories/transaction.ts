/** Units of work on a Queryable that may be the database (start a transaction) or already a transaction. */
import type { Database, Queryable } from '../db/database';

export function isDatabase(db: Queryable): db is Database {
  return typeof (db as Partial<Database>).transaction === 'function';
}

/** Runs `fn` in a transaction of `db`, or directly when `db` is a transaction already. */
export function inTransaction<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return isDatabase(db) ? db.transaction(fn) : fn(db);
}
