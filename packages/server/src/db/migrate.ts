/**
 * The API server's migrations: `migrations/NNN_name.sql`, applied by the project's one runner
 * (@lab/migrate) and recorded in `schema_migrations`.
 */
import path from 'node:path';
import { loadMigrations as load, type MigrateResult, type Migration, migrate as run } from '@lab/migrate';
import type { Database } from './database';
import { LOCK_KEYS } from './locks';

export type { MigrateResult, Migration };

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export const loadMigrations = (dir: string = MIGRATIONS_DIR): Migration[] => load(dir);

export function migrate(
  db: Database,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  return run(db, {
    dir: options.dir ?? MIGRATIONS_DIR,
    table: 'schema_migrations',
    lockKey: LOCK_KEYS.migrations,
    ...(options.log ? { log: options.log } : {}),
  });
}
