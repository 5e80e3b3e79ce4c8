/** `tsx src/cli/migrate.ts`: applies pending migrations to the database the environment names. */
import { serverEnv } from '../config';
import { migrate } from '../db/migrate';
import { describeDatabase, openDatabase } from '../db/open';

async function main(): Promise<void> {
  const env = serverEnv();
  const db = await openDatabase(env);
  try {
    console.log(`database: ${describeDatabase(env)}`);
    const { applied, skipped } = await migrate(db, { log: console.log });
    console.log(`applied ${applied.length}, already applied ${skipped.length}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
