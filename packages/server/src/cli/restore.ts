/**
 * `npm run db:restore -- <file>`: restores a backup of `npm run db:backup` into PGLITE_DATA_DIR. The API
 * must be stopped (it refuses while the operations port answers); the folder's earlier contents are
 * moved aside, not deleted. Start the server afterwards as usual.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverEnv } from '../config';
import { restoreFolder } from '../db/backup';

async function serverAnswers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length !== 1) throw new Error('usage: npm run db:restore -- <backup file>');
  const env = serverEnv();
  if (env.databaseUrl) throw new Error('DATABASE_URL names PostgreSQL: restore it with pg_restore (see the README)');
  if (env.metricsPort !== null && (await serverAnswers(env.metricsPort))) {
    throw new Error(`an API server is running (its operations port ${env.metricsPort} answers): stop it first`);
  }
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await restoreFolder(source, env.pgliteDataDir);
  if (result.movedAside) console.log(`the folder's earlier contents are in ${result.movedAside}`);
  console.log(
    `restored ${source} into ${env.pgliteDataDir}: ${result.orders} orders, ${result.migrations} migrations applied`,
  );
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
