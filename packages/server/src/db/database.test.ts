/** The data layer behaves the same on PGlite and PostgreSQL (whichever this run uses). */
import { openTestDatabase, type TestDatabase } from '../test-support/harness';
import { DatabaseError, parseTimestamp, type Queryable, SQLSTATE } from './database';
import { loadMigrations, migrate } from './migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the database of this run', () => {
  it('is PostgreSQL with DATABASE_URL, else PGlite', async () => {
    expect(t.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    const { version } = await t.db.one<{ version: string }>('SELECT version()');
    expect(version).toMatch(process.env.DATABASE_URL ? /^PostgreSQL \d+/ : /PGlite/);
  });
});

describe('values', () => {
  it('returns numbers for integers, bigints and numerics; strings for dates; ISO strings for timestamps', async () => {
    const row = await t.db.one<Record<string, unknown>>(
      `SELECT 1::int AS i, count(*) AS c, 12.5::numeric(10,2) AS n, 0.25::float8 AS f, true AS b,
              '2026-02-28'::date AS d, '2026-03-29 01:30:00+00'::timestamptz AS ts,
              '{"a":[1,2]}'::jsonb AS j, ARRAY[1,2,3] AS a, NULL::text AS z
         FROM settlements`,
    );
    expect(row).toEqual({
      i: 1,
      c: 6,
      n: 12.5,
      f: 0.25,
      b: true,
      d: '2026-02-28',
      ts: '2026-03-29T01:30:00.000Z',
      j: { a: [1, 2] },
      a: [1, 2, 3],
      z: null,
    });
  });

  it('passes array, null and JSON parameters', async () => {
    const rows = await t.db.query<{ id: number }>(
      'SELECT id FROM settlements WHERE source_id = ANY($1::text[]) AND $2::text IS NULL ORDER BY id',
      [['kyiv', 'odesa'], null],
    );
    expect(rows).toEqual([{ id: 1 }, { id: 3 }]);
    const json = await t.db.one<{ v: unknown }>('SELECT $1::jsonb -> $2::text AS v', [
      JSON.stringify({ k: ['ї'] }),
      'k',
    ]);
    expect(json.v).toEqual(['ї']);
  });

  it('parses timestamps with fractions and offsets', () => {
    expect(parseTimestamp('2026-01-31 10:00:00.123+00')).toBe('2026-01-31T10:00:00.123Z');
    expect(parseTimestamp('2026-01-31 12:00:00+02')).toBe('2026-01-31T10:00:00.000Z');
    expect(parseTimestamp('2026-01-31 15:30:00+05:30')).toBe('2026-01-31T10:00:00.000Z');
    expect(parseTimestamp('infinity')).toBe('infinity');
  });
});

describe('helpers and errors', () => {
  it('one() throws without a row, maybeOne() answers null', async () => {
    await expect(t.db.one('SELECT 1 FROM settlements WHERE id = -1')).rejects.toThrow('Expected one row');
    await expect(t.db.maybeOne('SELECT 1 FROM settlements WHERE id = -1')).resolves.toBeNull();
  });

  it('turns driver errors into DatabaseError with the SQLSTATE', async () => {
    const error = await t.db
      .query("INSERT INTO settlements (source_id, title_uk, lat, lon) VALUES ('kyiv', 'Київ', 50, 30)")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error).toMatchObject({ code: SQLSTATE.uniqueViolation, constraint: 'settlements_source_id_key' });
  });
});

describe('transactions', () => {
  it('commits when the function resolves', async () => {
    const id = await t.db.transaction(async (tx) => {
      const row = await tx.one<{ id: number }>(
        "INSERT INTO specializations (code, title_uk) VALUES ('tx-commit', 'Тест') RETURNING id",
      );
      return row.id;
    });
    expect(await t.db.maybeOne('SELECT 1 FROM specializations WHERE id = $1', [id])).not.toBeNull();
  });

  it('rolls back when the function throws', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO specializations (code, title_uk) VALUES ('tx-rollback', 'Тест')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await t.db.maybeOne("SELECT 1 FROM specializations WHERE code = 'tx-rollback'")).toBeNull();
  });

  it('rolls back when a statement fails', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO specializations (code, title_uk) VALUES ('tx-failed', 'Тест')");
        await tx.query("INSERT INTO specializations (code, title_uk) VALUES ('tx-failed', 'Двічі')");
      }),
    ).rejects.toBeInstanceOf(DatabaseError);
    expect(await t.db.maybeOne("SELECT 1 FROM specializations WHERE code = 'tx-failed'")).toBeNull();
  });
});

describe('prepared statements (QueryOptions.prepare)', () => {
  const prepare = { prepare: true } as const;
  const countOf = (q: Queryable, code: string) =>
    q.one<{ n: number }>('SELECT count(*)::int AS n FROM specializations WHERE code = $1', [code], prepare);

  it('answer what the same statement answers unprepared, each time it runs', async () => {
    const sql = `SELECT $1::int AS i, $2::text AS s, $3::boolean[] AS flags, $4::float8[] AS ranks,
                        $5::int[] AS ids, $6::text AS nothing, $7::jsonb AS j, 12.5::numeric(10,2) AS n,
                        '2026-03-29 01:30:00+00'::timestamptz AS ts`;
    const params = [7, 'ферит', [true, false], [0.5, 2], [3, 1, 2], null, JSON.stringify({ a: [1] })];
    const plain = await t.db.one(sql, params);
    expect(plain).toMatchObject({ i: 7, flags: [true, false], ranks: [0.5, 2], j: { a: [1] }, n: 12.5 });
    expect(await t.db.one(sql, params, prepare)).toEqual(plain);
    expect(await t.db.one(sql, [8, 'x', [], [], [], 'y', 'null'], prepare)).toMatchObject({
      i: 8,
      nothing: 'y',
      ids: [],
    });
    expect(await t.db.one(sql, params, prepare)).toEqual(plain);
  });

  it('fail like any statement, and run again afterwards', async () => {
    const sql = 'SELECT 10 / $1::int AS q';
    await expect(t.db.one(sql, [0], prepare)).rejects.toMatchObject({ code: '22012' });
    expect(await t.db.one(sql, [5], prepare)).toEqual({ q: 2 });
    await expect(t.db.one('SELECT * FROM no_such_table WHERE id = $1', [1], prepare)).rejects.toBeInstanceOf(
      DatabaseError,
    );
  });

  it("see their own transaction's changes, and never another caller's open transaction", async () => {
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const open = t.db.transaction(async (tx) => {
      await tx.query("INSERT INTO specializations (code, title_uk) VALUES ('prepared-open', 'Тест')");
      expect(await countOf(tx, 'prepared-open')).toEqual({ n: 1 });
      inserted();
      await finished;
      throw new Error('rolled back');
    });
    await insertedYet;
    // outside the transaction: PostgreSQL reads what is committed; PGlite waits for the transaction
    const outside = countOf(t.db, 'prepared-open');
    finish();
    await expect(open).rejects.toThrow('rolled back');
    expect(await outside).toEqual({ n: 0 });
    // the statement, parsed inside the rolled-back transaction, is still prepared
    expect(await countOf(t.db, 'prepared-open')).toEqual({ n: 0 });
  });
});

describe('migrations', () => {
  it('are numbered files applied once, recorded in schema_migrations', async () => {
    const files = loadMigrations();
    expect(files[0]?.name).toBe('001_catalogue_content_carts');
    const recorded = await t.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  it('skip everything when run again', async () => {
    const result = await migrate(t.db);
    expect(result.applied).toEqual([]);
    expect(result.skipped).toHaveLength(loadMigrations().length);
  });

  it('keep search text normalized and trigram-indexed', async () => {
    const row = await t.db.one<{ search: string; similar: boolean }>(
      `SELECT search_text AS search, search_text % lab_search_normalize('ФЕРИТИН') AS similar
         FROM services WHERE code = '2002'`,
    );
    expect(row).toEqual({ search: '2002 феритин ферритин', similar: true });
    const indexes = await t.db.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE '%search_trgm_idx' ORDER BY 1",
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'branches_search_trgm_idx',
      'service_groups_search_trgm_idx',
      'services_search_trgm_idx',
    ]);
    expect(await t.db.one("SELECT lab_search_normalize('  М’ЯТА   Ёж ') AS v")).toEqual({ v: "м'ята еж" });
  });
});
