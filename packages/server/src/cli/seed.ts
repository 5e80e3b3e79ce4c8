/**
 * `tsx src/cli/seed.ts [--scale N]`: migrates, then upserts the seed (re-runnable). `--scale N` adds N
 * synthetic services (for measuring the catalogue and search at size).
 */
import { serverEnv } from '../config';
import { LOCK_KEYS } from '../db/locks';
import { migrate } from '../db/migrate';
import { describeDatabase, openDatabase } from '../db/open';
import { seedData, syntheticServices } from '../seed/data';
import { insertSeed } from '../seed/insert';

export function parseScale(argv: readonly string[]): number {
  const index = argv.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  if (index === -1) return 0;
  const arg = argv[index] as string;
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 0) throw new Error(`--scale needs a whole number, got "${raw}"`);
  return scale;
}

async function main(): Promise<void> {
  const scale = parseScale(process.argv.slice(2));
  const env = serverEnv();
  const db = await openDatabase(env);
  try {
    console.log(`database: ${describeDatabase(env)}`);
    const services = scale > 0 ? [...seedData.services, ...syntheticServices(scale, seedData)] : seedData.services;
    // the start-up section's lock: not in the middle of a server starting on the same database
    const summary = await db.exclusive(LOCK_KEYS.startup, async (locked) => {
      await migrate(locked, { log: console.log });
      return insertSeed(locked, { ...seedData, services }, { log: console.log });
    });
    console.log(JSON.stringify(summary));
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
