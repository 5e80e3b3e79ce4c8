/** jest globalTeardown: removes the template and stops the PostgreSQL that globalSetup started. */
import { dropPostgresDatabase, ENV_PG_TEMPLATE, ENV_PGLITE_TEMPLATE, removePgliteTemplate } from './template';

type Globals = typeof globalThis & { __labStopPostgres?: () => Promise<void> };

export default async function globalTeardown(): Promise<void> {
  const pgliteTemplate = process.env[ENV_PGLITE_TEMPLATE];
  if (pgliteTemplate) removePgliteTemplate(pgliteTemplate);
  const pgTemplate = process.env[ENV_PG_TEMPLATE];
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) await dropPostgresDatabase(url, pgTemplate);
  await (globalThis as Globals).__labStopPostgres?.();
}
