/**
 * Backups of the embedded database: a gzipped tarball of the PGlite folder (PGlite's own dump), taken
 * from the running server through the operations port (POST /ops/backup: consistent, no second process
 * on the folder) or, when none runs, from the folder itself. Restored into a folder the server then
 * opens. PostgreSQL has its own tools (pg_dump, pg_restore): see the README.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { Database, Queryable } from './database';
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

/**
 * Restores `file` into `dataDir`: first into a folder beside it, checked to hold this site's database
 * (its migrations and orders); only then is an existing folder moved aside (never deleted) and the
 * restored one put in its place. A file that is no backup of the site leaves `dataDir` as it was.
 */
export async function restoreFolder(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const bytes = readFileSync(file);
  // gzip (1f 8b) or a plain tar ("ustar" at 257)
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const tar = bytes.subarray(257, 262).toString('latin1') === 'ustar';
  if (!gzip && !tar) throw new Error(`${file} is not a backup of the embedded database (no tar or gzip)`);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staging = `${dataDir}.restoring-${stamp}`;
  let counts: { orders: number; migrations: number };
  try {
    const db = await openPglite({
      dataDir: staging,
      loadDataDir: new File([bytes], gzip ? 'backup.tar.gz' : 'backup.tar'),
    });
    try {
      counts = await siteCounts(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} holds no database of this site: ${error instanceof Error ? error.message : error}`);
  }
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedAside = `${dataDir}.before-restore-${stamp}`;
    renameSync(dataDir, movedAside);
  } else {
    rmSync(dataDir, { recursive: true, force: true });
  }
  renameSync(staging, dataDir);
  return { movedAside, ...counts };
}

async function siteCounts(db: Queryable): Promise<{ orders: number; migrations: number }> {
  const migrations = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
  const orders = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  return { orders: orders.n, migrations: migrations.n };
}
