/**
 * `npm run db:backup [-- --out <file>]`: a backup of the embedded database (PGLITE_DATA_DIR) as a
 * gzipped tarball, by default backups/pglite-<time>.tar.gz. From the running server when its operations
 * port answers (METRICS_PORT), else from the folder (no server may hold it then).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, serverEnv } from '../config';
import { backupFolder } from '../db/backup';

const PG_DUMP_HINT =
  'DATABASE_URL names PostgreSQL: back it up with its own tools, e.g. pg_dump --format=custom --file=lab.dump "$DATABASE_URL"';

async function fromRunningServer(port: number): Promise<Buffer | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ops/backup`, {
      method: 'POST',
      signal: AbortSignal.timeout(120_000),
    });
    if (!response.ok)
      throw new Error(`the running server refused the backup: ${response.status} ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') return null; // no server: the folder is free
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = serverEnv();
  if (env.databaseUrl) throw new Error(PG_DUMP_HINT);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    values.out ?? path.join(repoRoot, 'backups', `pglite-${stamp}.tar.gz`),
  );
  const live = env.metricsPort === null ? null : await fromRunningServer(env.metricsPort);
  const bytes = live ?? (await backupFolder(env.pgliteDataDir));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  const source = live ? 'the running server' : env.pgliteDataDir;
  console.log(`backup of ${source}: ${out} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`);
  console.log(out);
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
