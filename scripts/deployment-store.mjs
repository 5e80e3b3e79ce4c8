// Where the live pointer is kept (README "One team deploys one remote"): which release of each app
// visitors get, numbered by a version that every move raises by one, and the history of the moves.
//
//   - in PostgreSQL when DEPLOYMENT_DATABASE_URL (else DATABASE_URL) is set: every shell-server instance
//     behind a load balancer reads the same pointer (tables lab_deployment and lab_deployment_history;
//     each move NOTIFYs lab_deployment);
//   - else in releases/deployment.json and releases/history.jsonl: one machine, the embedded default.
//
// A move is a compare-and-swap on the version: it is written only if the pointer is still at the version
// the move was checked against (the gate runs between the read and the write, seconds of type-checking),
// so two moves at once never lose one. The callers (releases.mjs) say what to do when it moved meanwhile.
//
// Loaded before the install (serve-all.mjs): Node's own modules only at load; `pg` when first used.
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

/** The PostgreSQL the pointer lives in, if any. */
export const deploymentDatabaseUrl = (env = process.env) => env.DEPLOYMENT_DATABASE_URL || env.DATABASE_URL || null;

/** The channel every move is announced on (the shell's server listens). */
export const DEPLOYMENT_CHANNEL = 'lab_deployment';

const EMPTY = () => ({ shell: null, remotes: {} });

/** The deployment document without its version (the version is the store's). */
function documentOf(raw) {
  return { shell: raw?.shell ?? null, remotes: raw?.remotes ?? {} };
}

/**
 * Opens the store the environment names. `releasesDir` holds the file store, and seeds an empty
 * PostgreSQL store with what the file says (moving from one machine to several keeps what is live).
 */
export async function openDeploymentStore({ releasesDir, env = process.env }) {
  const url = deploymentDatabaseUrl(env);
  return url ? openPostgresStore(url, { seed: join(releasesDir, 'deployment.json') }) : openFileStore(releasesDir);
}

// ---- the file store

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;

export function openFileStore(releasesDir) {
  const file = join(releasesDir, 'deployment.json');
  const history = join(releasesDir, 'history.jsonl');
  const lock = `${file}.lock`;

  const readFile = () => {
    if (!existsSync(file)) return { version: 0, deployment: EMPTY() };
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    return { version: Number.isInteger(raw.version) ? raw.version : 0, deployment: documentOf(raw) };
  };
  const readHistory = () =>
    existsSync(history)
      ? readFileSync(history, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];

  /** One writer at a time: an exclusive lock file, taken again when its holder died. */
  async function locked(work) {
    mkdirSync(releasesDir, { recursive: true });
    for (let waited = 0; ; waited += 50) {
      try {
        closeSync(openSync(lock, 'wx'));
        break;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
        const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
        else if (waited > 10_000) throw new Error(`${lock} is held by another move for more than 10 s`);
        await sleep(50);
      }
    }
    try {
      return work();
    } finally {
      rmSync(lock, { force: true });
    }
  }

  return {
    kind: 'file',
    where: file,
    async read() {
      return readFile();
    },
    async swap(expected, deployment, move) {
      return locked(() => {
        const current = readFile();
        if (current.version !== expected) return { ok: false, version: current.version };
        const version = expected + 1;
        // written whole and renamed into place: a reader never sees half a file
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, `${JSON.stringify({ version, ...documentOf(deployment) }, null, 2)}\n`);
        renameSync(temporary, file);
        appendFileSync(history, `${JSON.stringify({ ...move, deployment: version })}\n`);
        return { ok: true, version };
      });
    },
    async movesSince(version) {
      return readHistory().filter((move) => (move.deployment ?? 0) > version);
    },
    async history() {
      return readHistory();
    },
    /** The document of an earlier version: the file keeps only the live one. */
    async at(version) {
      const current = readFile();
      return current.version === version ? current.deployment : null;
    },
    async close() {},
  };
}

// ---- the PostgreSQL store

/** `pg`, the server package's driver (the scripts have no dependencies of their own). */
export async function loadPg() {
  const require = createRequire(join(root, 'packages', 'server', 'package.json'));
  const { default: pg } = await import(pathToFileURL(require.resolve('pg')).href);
  return pg;
}

/** The tables; made once, under a lock, by whichever process comes first. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS lab_deployment (
    id smallint PRIMARY KEY CHECK (id = 1),
    version bigint NOT NULL,
    document jsonb NOT NULL,
    moved_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS lab_deployment_history (
    deployment bigint PRIMARY KEY,
    at timestamptz NOT NULL,
    move jsonb NOT NULL,
    document jsonb NOT NULL
  );`;

/**
 * The first use of an empty store: what the file says is live stays live. Seeded with something, the
 * store starts at the file's version (at least 1), the seed recorded in the history and announced like
 * a move: an instance already running (it found no table, or an empty one) serves it at once, not at the
 * first move. With nothing to seed, version 0: the builds are what is live.
 */
async function seedFrom(client, seed) {
  const raw = seed && existsSync(seed) ? JSON.parse(readFileSync(seed, 'utf8')) : null;
  const document = raw ? documentOf(raw) : EMPTY();
  const empty = !document.shell && Object.keys(document.remotes).length === 0;
  const version = empty ? 0 : Math.max(1, Number.isInteger(raw.version) ? raw.version : 0);
  await client.query('INSERT INTO lab_deployment (id, version, document) VALUES (1, $1, $2)', [version, document]);
  if (empty) return;
  const move = { at: new Date().toISOString(), action: 'seed', file: seed };
  await client.query('INSERT INTO lab_deployment_history (deployment, at, move, document) VALUES ($1, $2, $3, $4)', [
    version,
    move.at,
    move,
    document,
  ]);
  await client.query('SELECT pg_notify($1, $2)', [DEPLOYMENT_CHANNEL, String(version)]);
}

export async function openPostgresStore(url, { seed } = {}) {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url, application_name: 'lab-deployment' });
  await client.connect();
  const transaction = async (work) => {
    await client.query('BEGIN');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  await transaction(async () => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('lab_deployment'))");
    await client.query(SCHEMA);
    const { rowCount } = await client.query('SELECT 1 FROM lab_deployment');
    if (rowCount === 0) await seedFrom(client, seed);
  });
  const where = (() => {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
  })();

  return {
    kind: 'postgres',
    where,
    async read() {
      const { rows } = await client.query('SELECT version, document FROM lab_deployment WHERE id = 1');
      return { version: Number(rows[0].version), deployment: documentOf(rows[0].document) };
    },
    async swap(expected, deployment, move) {
      return transaction(async () => {
        const { rows } = await client.query(
          'UPDATE lab_deployment SET version = version + 1, document = $2, moved_at = now() WHERE id = 1 AND version = $1 RETURNING version',
          [expected, documentOf(deployment)],
        );
        if (!rows.length) {
          const current = await client.query('SELECT version FROM lab_deployment WHERE id = 1');
          return { ok: false, version: Number(current.rows[0].version) };
        }
        const version = Number(rows[0].version);
        await client.query(
          'INSERT INTO lab_deployment_history (deployment, at, move, document) VALUES ($1, $2, $3, $4)',
          [version, move.at, move, documentOf(deployment)],
        );
        // sent when the transaction commits: no instance hears of a move that did not happen
        await client.query('SELECT pg_notify($1, $2)', [DEPLOYMENT_CHANNEL, String(version)]);
        return { ok: true, version };
      });
    },
    async movesSince(version) {
      const { rows } = await client.query(
        'SELECT deployment, move FROM lab_deployment_history WHERE deployment > $1 ORDER BY deployment',
        [version],
      );
      return rows.map((row) => ({ ...row.move, deployment: Number(row.deployment) }));
    },
    async history() {
      return this.movesSince(-1);
    },
    async at(version) {
      const { rows } = await client.query(
        `SELECT document FROM lab_deployment_history WHERE deployment = $1
         UNION ALL SELECT document FROM lab_deployment WHERE version = $1 LIMIT 1`,
        [version],
      );
      return rows[0] ? documentOf(rows[0].document) : null;
    },
    async close() {
      await client.end();
    },
  };
}
