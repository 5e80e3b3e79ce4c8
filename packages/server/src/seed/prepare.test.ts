/**
 * Start-up (seed/prepare.ts) of two instances at once on one empty database: on PostgreSQL
 * (TEST_DB=postgres or DATABASE_URL) through two connection pools, as two processes open them; on
 * PGlite, which one process owns, through the one database twice. Migrations, the seed and the demo
 * accounts happen once.
 */
import type { Database } from '../db/database';
import { LOCK_KEYS } from '../db/locks';
import { loadMigrations } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { fixture } from '../test-support/fixture';
import { openEmptyDatabase, type TestDatabase } from '../test-support/harness';
import { DEMO_PHONES } from './demo';
import { prepareDatabase } from './prepare';
import type { SeedMenuItem } from './types';

const NOW = new Date('2026-11-18T10:00:00Z');
/** The demo accounts' phones: the three of the README and the doctor's three patients. */
const PHONES = [...Object.values(DEMO_PHONES), '+380661110001', '+380661110002', '+380661110003'].sort();

let t: TestDatabase;
/** The second instance's database. */
let other: Database;

beforeAll(async () => {
  t = await openEmptyDatabase();
  other = t.url ? await openPostgres({ connectionString: t.url, max: 3 }) : t.db;
}, 120_000);
afterAll(async () => {
  if (other !== undefined && other !== t?.db) await other.close();
  await t?.close();
});

const count = async (sql: string, params: string[][] = []): Promise<number> =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
const menuItems = (items: readonly SeedMenuItem[]): number =>
  items.reduce((n, item) => n + 1 + menuItems(item.children), 0);

describe('two instances starting at once on one database', () => {
  it('migrate, seed and insert the demo accounts once', async () => {
    const options = { seed: fixture, demo: true, now: NOW };
    const [a, b] = await Promise.all([prepareDatabase(t.db, options), prepareDatabase(other, options)]);
    // one of them did each step, the other found it done
    expect([...a.migrations, ...b.migrations]).toEqual(loadMigrations().map((m) => m.name));
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    expect([a.demo, b.demo].sort()).toEqual([false, true]);

    const users = await t.db.query<{ phone: string; n: number }>(
      'SELECT phone, count(*)::int AS n FROM users WHERE phone = ANY($1::text[]) GROUP BY phone ORDER BY phone',
      [PHONES],
    );
    expect(users).toEqual(PHONES.map((phone) => ({ phone, n: 1 })));
    const demoUsers = '(SELECT id FROM users WHERE phone = ANY($1::text[]))';
    // everyone but the doctor Мельник is a patient
    expect(await count(`patients WHERE user_id IN ${demoUsers}`, [PHONES])).toBe(PHONES.length - 1);
    expect(
      await count(`patients WHERE owner_id IN (SELECT id FROM patients WHERE user_id IN ${demoUsers})`, [PHONES]),
    ).toBe(2);
    expect(await count(`doctors WHERE user_id IN ${demoUsers}`, [PHONES])).toBe(2);
    expect(await count("doctor_workplaces WHERE code IN ('MELNYK-1', 'MELNYK-2', 'BONDARENKO-1')")).toBe(3);
    expect(await count("managers WHERE key = 'demo-manager'")).toBe(1);

    expect(await count('schema_migrations')).toBe(loadMigrations().length);
    expect(await count('settlements')).toBe(fixture.settlements.length);
    expect(await count('services')).toBe(fixture.services.length);
    expect(await count('service_prices')).toBe(fixture.settlements.length * fixture.services.length);
    expect(await count('menu_items')).toBe(fixture.menus.reduce((n, menu) => n + menuItems(menu.items), 0));
  });

  it('find everything in place on the next start', async () => {
    const again = await prepareDatabase(other, { seed: fixture, demo: true, now: NOW });
    expect(again).toEqual({ migrations: [], seeded: false, demo: false });
    expect(await count('users WHERE phone = ANY($1::text[])', [PHONES])).toBe(PHONES.length);
  });
});

describe('Database.exclusive', () => {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('runs the sections of one key one at a time; a nested one of the same key does not wait', async () => {
    const steps: string[] = [];
    const section = (db: Database, name: string) =>
      db.exclusive(LOCK_KEYS.startup, async (inside) => {
        steps.push(`${name} in`);
        await inside.exclusive(LOCK_KEYS.startup, pause);
        await inside.query('SELECT 1');
        steps.push(`${name} out`);
      });
    await Promise.all([section(t.db, 'a'), section(other, 'b')]);
    expect([
      ['a in', 'a out', 'b in', 'b out'],
      ['b in', 'b out', 'a in', 'a out'],
    ]).toContainEqual(steps);
  });

  it('frees the lock when a section fails', async () => {
    await expect(
      t.db.exclusive(LOCK_KEYS.startup, async () => {
        throw new Error('failed section');
      }),
    ).rejects.toThrow('failed section');
    await expect(other.exclusive(LOCK_KEYS.startup, async () => 'next')).resolves.toBe('next');
    if (t.dialect === 'postgres') {
      const held = await t.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1",
        [LOCK_KEYS.startup],
      );
      expect(held.n).toBe(0);
    }
  });
});
