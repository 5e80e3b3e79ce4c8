/** Opens the database the environment names: PostgreSQL with DATABASE_URL, else PGlite in its folder. */
import type { ServerEnv } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export async function openDatabase(env: Pick<ServerEnv, 'databaseUrl' | 'pgliteDataDir'>): Promise<Database> {
  if (env.databaseUrl) return openPostgres({ connectionString: env.databaseUrl });
  return openPglite({ dataDir: env.pgliteDataDir });
}

/** Where the data lives, for log lines (no password). */
export function describeDatabase(env: Pick<ServerEnv, 'databaseUrl' | 'pgliteDataDir'>): string {
  if (!env.databaseUrl) return `PGlite at ${env.pgliteDataDir}`;
  try {
    const url = new URL(env.databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
