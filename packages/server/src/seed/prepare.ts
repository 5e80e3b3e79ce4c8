/**
 * Start-up of a database: pending migrations, the seed when it is empty, the demo accounts when missing
 * (server.ts). One exclusive section (`Database.exclusive`): several API instances starting at once on
 * one PostgreSQL take turns, so one of them migrates and seeds and the others find everything in place.
 */
import type { Database } from '../db/database';
import { LOCK_KEYS } from '../db/locks';
import { migrate } from '../db/migrate';
import { ensureDemo, ensureDevLis } from './demo';
import { insertSeed, isEmpty } from './insert';
import type { SeedData } from './types';

export interface PrepareOptions {
  /** What an empty database is seeded with. */
  readonly seed: SeedData;
  /** Insert the demo accounts when missing (`DEMO_DATA`). */
  readonly demo: boolean;
  /**
   * The development LIS key (`LIS_DEV_KEY`, never in production): the demo laboratory system `dev-lis`
   * gets it as its key named `development`, so that `npm run demo:lis` can publish results.
   */
  readonly lisDevKey?: string | null;
  /** The demo orders' "now" (tests). */
  readonly now?: Date;
  readonly log?: (line: string) => void;
}

export interface PrepareResult {
  /** Migrations this call applied. */
  readonly migrations: readonly string[];
  /** This call seeded the database. */
  readonly seeded: boolean;
  /** This call inserted the demo accounts. */
  readonly demo: boolean;
}

export async function prepareDatabase(db: Database, options: PrepareOptions): Promise<PrepareResult> {
  const { log } = options;
  // everything on the section's own database: on PostgreSQL the connection that holds the lock
  return db.exclusive(LOCK_KEYS.startup, async (locked) => {
    const { applied } = await migrate(locked, { log });
    if (applied.length === 0) log?.('migrations: up to date');
    const seeded = await isEmpty(locked);
    if (seeded) {
      log?.('empty database: seeding');
      await insertSeed(locked, options.seed, { log });
    }
    const demo = options.demo ? await ensureDemo(locked, { now: options.now, log }) : false;
    if (options.lisDevKey) await ensureDevLis(locked, options.lisDevKey);
    return { migrations: applied, seeded, demo };
  });
}
