// The release domain's PostgreSQL: its tables come from the numbered SQL files in migrations/, run by
// the project's one migration runner (@lab/migrate) before a store uses them.
import { join } from 'node:path';
import { migrate } from '@lab/migrate';
import pg from 'pg';

export { pg };

/** Where this domain's migrations are, and the table that records them (beside the API's own). */
export const MIGRATIONS = { dir: join(__dirname, 'migrations'), table: 'lab_releases_migrations', lockKey: 727_100 };

/** A client or a pool: anything that runs a query. */
type Connection = pg.Pool | pg.PoolClient | pg.Client;

/** Applies what is not applied yet (each file once, under the runner's lock; instances may race). */
export async function migrateReleases(connection: Connection, log?: (line: string) => void): Promise<void> {
  const client = connection instanceof pg.Pool ? await connection.connect() : connection;
  try {
    await migrate(
      {
        async transaction(work) {
          await client.query('BEGIN');
          try {
            const result = await work({
              query: async <T extends object>(sql: string, params?: readonly (string | number)[]) =>
                (await client.query<T>(sql, params ? [...params] : [])).rows,
              exec: async (sql) => {
                await client.query(sql);
              },
            });
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        },
      },
      { ...MIGRATIONS, ...(log ? { log } : {}) },
    );
  } finally {
    if (client !== connection) (client as pg.PoolClient).release();
  }
}

/** Runs `work` in one transaction on `client`. */
export async function inTransaction<T>(client: pg.Client | pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
