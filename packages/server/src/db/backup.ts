/**
 * Backups of the embedded database: a gzipped tarball of the PGlite folder (PGlite's own dump), taken
 * from the running server through the operations port (POST /ops/backup: consistent, no second process
 * on the folder) or, when none runs, from the folder itself. Restored into a folder the server then
 * opens. PostgreSQL has its own tools (pg_dump, pg_restore): see the README.
 */
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import type { Database } from './database';
import { openPglite, type PgliteDatabase } from './pglite';

export const isPglite = (db: Database): db is PgliteDatabase => db.dialect === 'pglite' && 'dumpDataDir' in db;

/** A backup of a folder no server holds. */
export async function backupFolder(dataDir: string): Promise<Buffer> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`no database in ${dataDir}`);
  const db = await openPglite({ dataDir });
  try {
    return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
}

export interface RestoreResult {
  /** Where the folder's earlier contents went (nothing is deleted), if it had any. */
  readonly movedAside: string | null;
  readonly orders: number;
  readonly migrations: number;
}

/** Restores `file` into `dataDir`; an existing folder is moved aside first, never overwritten. */
export async function restoreFolder(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const bytes = readFileSync(file);
  // gzip (1f 8b) or a plain tar ("ustar" at 257)
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const tar = bytes.subarray(257, 262).toString('latin1') === 'ustar';
  if (!gzip && !tar) throw new Error(`${file} is not a backup of the embedded database (no tar or gzip)`);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedAside = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  }
  const name = gzip ? 'backup.tar.gz' : 'backup.tar';
  const db = await openPglite({ dataDir, loadDataDir: new File([bytes], name) });
  try {
    const orders = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const migrations = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    return { movedAside, orders: orders.n, migrations: migrations.n };
  } finally {
    await db.close();
  }
}
