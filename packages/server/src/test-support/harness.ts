/**
 * Per test file: a private copy of the seeded template and the real app on it, driven with
 * `app.inject()`. "Now" is a settable clock.
 *
 *   const t = useTestApp();                    // in a describe block or at the top of the file
 *   it('...', async () => {
 *     t.setNow('2026-11-18T10:00:00Z');
 *     const res = await t.app.inject({ method: 'GET', url: '/api/public/core/genders' });
 *   });
 */
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import type { Database } from '../db/database';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import {
  createPgliteTemplate,
  databaseUrl,
  dropPostgresDatabase,
  ENV_PG_TEMPLATE,
  ENV_PGLITE_TEMPLATE,
  readPgliteTemplate,
  removePgliteTemplate,
  uniqueDatabaseName,
} from './template';

/** Wednesday 18 November 2026, 12:00 in Kyiv (UTC+2). */
export const DEFAULT_NOW = new Date('2026-11-18T10:00:00.000Z');

export interface TestDatabase {
  readonly db: Database;
  readonly dialect: Database['dialect'];
  /** PostgreSQL: the database's URL, for more connections as another process would open them. */
  readonly url?: string;
  close(): Promise<void>;
}

/** A fresh copy of the template: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = process.env[ENV_PG_TEMPLATE];
  if (url && pgTemplate) {
    const name = uniqueDatabaseName('lab_test');
    const admin = await openPostgres({ connectionString: url, max: 1 });
    try {
      await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    } finally {
      await admin.close();
    }
    const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 5 });
    return {
      db,
      dialect: 'postgres',
      url: databaseUrl(url, name),
      async close() {
        await db.close();
        await dropPostgresDatabase(url, name);
      },
    };
  }
  // without globalSetup (one file run on its own with another config) the file makes its own template
  let template = process.env[ENV_PGLITE_TEMPLATE];
  let ownTemplate = false;
  if (!template) {
    template = await createPgliteTemplate();
    ownTemplate = true;
  }
  const db = await openPglite({ loadDataDir: readPgliteTemplate(template) });
  return {
    db,
    dialect: 'pglite',
    async close() {
      await db.close();
      if (ownTemplate && template) removePgliteTemplate(template);
    },
  };
}

/**
 * A new, empty database (not from the template), for tests of migrations and seeding. PGlite takes a
 * few seconds to create one.
 */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = uniqueDatabaseName('lab_test_empty');
    const admin = await openPostgres({ connectionString: url, max: 1 });
    try {
      await admin.exec(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 5 });
    return {
      db,
      dialect: 'postgres',
      url: databaseUrl(url, name),
      async close() {
        await db.close();
        await dropPostgresDatabase(url, name);
      },
    };
  }
  const db = await openPglite();
  return { db, dialect: 'pglite', close: () => db.close() };
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly dialect: Database['dialect'];
  /** Sets the app's clock (ISO string or Date). */
  setNow(now: string | Date): void;
}

export type TestAppOptions = Omit<BuildAppOptions, 'db' | 'clock'>;

/** Registers beforeAll/afterAll that open a database copy and build the app on it. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let now = DEFAULT_NOW;
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const handle: TestApp = {
    get app(): FastifyInstance {
      if (!app) throw new Error('the test app is built in beforeAll');
      return app;
    },
    get db(): Database {
      if (!testDb) throw new Error('the test database is opened in beforeAll');
      return testDb.db;
    },
    get dialect(): Database['dialect'] {
      if (!testDb) throw new Error('the test database is opened in beforeAll');
      return testDb.dialect;
    },
    setNow(value) {
      now = typeof value === 'string' ? new Date(value) : value;
    },
  };
  beforeAll(async () => {
    testDb = await openTestDatabase();
    app = await buildApp({ config: { rateLimitMax: 0 }, docsUi: false, ...options, db: testDb.db, clock: () => now });
    await app.ready();
  }, 60_000);
  beforeEach(() => {
    now = DEFAULT_NOW;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });
  return handle;
}
