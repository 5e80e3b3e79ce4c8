/**
 * The migration runner every database of the project is made by: `NNN_name.sql` files applied in
 * order, each in its own transaction, and recorded (with the file's checksum) in a table of the
 * caller's (`schema_migrations` for the API server, `lab_releases_migrations` for the release domain),
 * so that two folders can share one database. Idempotent: applied versions are skipped on every start.
 * Several processes starting at once against one PostgreSQL serialize on an advisory lock.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrateResult {
  readonly applied: readonly string[];
  readonly skipped: readonly string[];
}

/** What the runner needs of a transaction: the API's `Queryable`, or a `pg` client's adapter. */
export interface MigrationTransaction {
  query<T extends object>(sql: string, params?: readonly (string | number)[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

export interface MigrationTarget {
  transaction<T>(work: (tx: MigrationTransaction) => Promise<T>): Promise<T>;
}

export interface MigrateOptions {
  /** the folder of numbered SQL files */
  readonly dir: string;
  /** the table that records what was applied */
  readonly table: string;
  /** the advisory lock each migration's transaction holds */
  readonly lockKey: number;
  readonly log?: (line: string) => void;
}

const FILE = /^(\d{3,})_([a-z0-9_]+)\.sql$/;
const TABLE = /^[a-z_][a-z0-9_]*$/;

export function loadMigrations(dir: string): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => FILE.test(file))
    .map((file) => {
      const match = FILE.exec(file) as RegExpExecArray;
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`Two migrations share version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

export async function migrate(db: MigrationTarget, options: MigrateOptions): Promise<MigrateResult> {
  const { table, lockKey, log } = options;
  if (!TABLE.test(table)) throw new Error(`not a table's name: ${table}`);
  const createTable = `
CREATE TABLE IF NOT EXISTS ${table} (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;
  const applied: string[] = [];
  const skipped: string[] = [];
  for (const migration of loadMigrations(options.dir)) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
      await tx.exec(createTable);
      const [done] = await tx.query<{ checksum: string }>(`SELECT checksum FROM ${table} WHERE version = $1`, [
        migration.version,
      ]);
      if (done) {
        if (done.checksum !== migration.checksum) {
          log?.(`migration ${migration.name} changed after it was applied (checksum differs); not re-run`);
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${table} (version, name, checksum) VALUES ($1, $2, $3)`, [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) {
      applied.push(migration.name);
      log?.(`applied migration ${migration.name}`);
    } else {
      skipped.push(migration.name);
    }
  }
  return { applied, skipped };
}
