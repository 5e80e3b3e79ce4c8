/**
 * jest globalSetup: makes the template database once per run (see template.ts). With TEST_DB=postgres
 * and no DATABASE_URL it first starts a throwaway PostgreSQL (postgres.ts); with DATABASE_URL it uses
 * that server (the role needs CREATEDB).
 */
import { startPostgres } from './postgres';
import { createPgliteTemplate, createPostgresTemplate, ENV_PG_TEMPLATE, ENV_PGLITE_TEMPLATE } from './template';

type Globals = typeof globalThis & { __labStopPostgres?: () => Promise<void> };

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  if (process.env.TEST_DB === 'postgres' && !process.env.DATABASE_URL) {
    const pg = await startPostgres({ log: (line) => console.log(`\n${line}`) });
    process.env.DATABASE_URL = pg.url;
    (globalThis as Globals).__labStopPostgres = () => pg.stop();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    process.env[ENV_PG_TEMPLATE] = await createPostgresTemplate(url);
    console.log(`\ntest template: PostgreSQL database ${process.env[ENV_PG_TEMPLATE]} (${Date.now() - started} ms)`);
  } else {
    process.env[ENV_PGLITE_TEMPLATE] = await createPgliteTemplate();
    console.log(`\ntest template: PGlite dump ${process.env[ENV_PGLITE_TEMPLATE]} (${Date.now() - started} ms)`);
  }
}
