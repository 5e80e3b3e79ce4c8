/**
 * The migrator: `migrations/NNN_name.sql` files applied in order, each in its own transaction, and
 * recorded in `schema_migrations`. Idempotent: applied versions are skipped on every start. Several
 * API instances starting at once against one PostgreSQL serialize on an advisory lock.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { LOCK_KEYS } from './locks';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

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

const FILE = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
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

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export async function migrate(
  db: Database,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  const migrations = loadMigrations(options.dir);
  const applied: string[] = [];
  const skipped: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.migrations]);
      await tx.exec(CREATE_TABLE);
      const done = await tx.maybeOne<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [migration.version],
      );
      if (done) {
        if (done.checksum !== migration.checksum) {
          options.log?.(`migration ${migration.name} changed after it was applied (checksum differs); not re-run`);
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) {
      applied.push(migration.name);
      options.log?.(`applied migration ${migration.name}`);
    } else {
      skipped.push(migration.name);
    }
  }
  return { applied, skipped };
}
