// Where the live pointer is kept (docs/releases.md "The live pointer"): which release of each app
// visitors get, numbered by a version that every move raises by one, and the history of the moves.
//
//   - in PostgreSQL when DEPLOYMENT_DATABASE_URL (else DATABASE_URL) is set: every shell-server instance
//     behind a load balancer reads the same pointer (tables lab_deployment and lab_deployment_history,
//     from migrations/; each move NOTIFYs lab_deployment);
//   - else in releases/deployment.json and releases/history.jsonl: one machine, the embedded default.
//
// A move is a compare-and-swap on the version: it is written only if the pointer is still at the version
// the move was checked against (the gate runs between the read and the write, seconds of type-checking),
// so two moves at once never lose one. The callers (moves.ts) say what to do when it moved meanwhile.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl, databaseWhere } from './apps';
import { inTransaction, migrateReleases, pg } from './database';
import { type Deployment, type DeploymentDocument, documentOf, type Move } from './deployment';
import { withFileLock } from './lock';

/** The channel every move is announced on (the shell's server listens). */
export const DEPLOYMENT_CHANNEL = 'lab_deployment';

/** The pointer as read: its version and its document. */
export type Pointer = { version: number; deployment: DeploymentDocument };

export interface DeploymentStore {
  readonly kind: 'file' | 'postgres';
  /** where, for messages */
  readonly where: string;
  read(): Promise<Pointer>;
  /** Writes `deployment` and records `move` if the pointer is still at `expected`. */
  swap(expected: number, deployment: DeploymentDocument, move: Move): Promise<{ ok: boolean; version: number }>;
  /** The moves that made the versions after `version`, oldest first. */
  movesSince(version: number): Promise<Move[]>;
  /** Every move, oldest first. */
  history(): Promise<Move[]>;
  /** The document of an earlier version, when the store keeps it. */
  at(version: number): Promise<DeploymentDocument | null>;
  close(): Promise<void>;
}

/**
 * Opens the store the environment names. `releasesDir` holds the file store, and seeds an empty
 * PostgreSQL store with what the file says (moving from one machine to several keeps what is live).
 */
export async function openDeploymentStore({
  releasesDir,
  env = process.env,
}: {
  releasesDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<DeploymentStore> {
  const url = databaseUrl(env);
  return url ? openPostgresStore(url, { seed: join(releasesDir, 'deployment.json') }) : openFileStore(releasesDir);
}

const EMPTY = (): DeploymentDocument => ({ shell: null, remotes: {} });

// ---- the file store

export function openFileStore(releasesDir: string): DeploymentStore {
  const file = join(releasesDir, 'deployment.json');
  const history = join(releasesDir, 'history.jsonl');

  const readFile = (): Pointer => {
    if (!existsSync(file)) return { version: 0, deployment: EMPTY() };
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return { version: Number.isInteger(raw.version) ? Number(raw.version) : 0, deployment: documentOf(raw) };
  };
  const readHistory = (): Move[] =>
    existsSync(history)
      ? readFileSync(history, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Move)
      : [];

  return {
    kind: 'file',
    where: file,
    async read() {
      return readFile();
    },
    swap(expected, deployment, move) {
      return withFileLock(file, () => {
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

/**
 * The first use of an empty store: what the file says is live stays live. Seeded with something, the
 * store starts at the file's version (at least 1), the seed recorded in the history and announced like
 * a move: an instance already running (it found no table, or an empty one) serves it at once, not at the
 * first move. With nothing to seed, version 0: the builds are what is live.
 */
async function seedFrom(client: pg.Client, seed: string | undefined): Promise<void> {
  const raw = seed && existsSync(seed) ? (JSON.parse(readFileSync(seed, 'utf8')) as { version?: unknown }) : null;
  const document = raw ? documentOf(raw) : EMPTY();
  const empty = !document.shell && Object.keys(document.remotes).length === 0;
  const version = empty ? 0 : Math.max(1, Number.isInteger(raw?.version) ? Number(raw?.version) : 0);
  await client.query('INSERT INTO lab_deployment (id, version, document) VALUES (1, $1, $2)', [version, document]);
  if (empty) return;
  const move: Move = { at: new Date().toISOString(), action: 'seed', ...(seed ? { file: seed } : {}) };
  await client.query('INSERT INTO lab_deployment_history (deployment, at, move, document) VALUES ($1, $2, $3, $4)', [
    version,
    move.at,
    move,
    document,
  ]);
  await client.query('SELECT pg_notify($1, $2)', [DEPLOYMENT_CHANNEL, String(version)]);
}

type PointerRow = { version: string; document: unknown };

export async function openPostgresStore(url: string, { seed }: { seed?: string } = {}): Promise<DeploymentStore> {
  const client = new pg.Client({ connectionString: url, application_name: 'lab-deployment' });
  await client.connect();
  try {
    await migrateReleases(client);
    await inTransaction(client, async () => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('lab_deployment'))");
      const { rowCount } = await client.query('SELECT 1 FROM lab_deployment');
      if (rowCount === 0) await seedFrom(client, seed);
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  const movesSince = async (version: number): Promise<Move[]> => {
    const { rows } = await client.query<{ deployment: string; move: Move }>(
      'SELECT deployment, move FROM lab_deployment_history WHERE deployment > $1 ORDER BY deployment',
      [version],
    );
    return rows.map((row) => ({ ...row.move, deployment: Number(row.deployment) }));
  };

  return {
    kind: 'postgres',
    where: databaseWhere(url),
    async read() {
      const { rows } = await client.query<PointerRow>('SELECT version, document FROM lab_deployment WHERE id = 1');
      const row = rows[0] as PointerRow;
      return { version: Number(row.version), deployment: documentOf(row.document) };
    },
    swap(expected, deployment, move) {
      return inTransaction(client, async () => {
        const { rows } = await client.query<{ version: string }>(
          'UPDATE lab_deployment SET version = version + 1, document = $2, moved_at = now() WHERE id = 1 AND version = $1 RETURNING version',
          [expected, documentOf(deployment)],
        );
        if (!rows[0]) {
          const current = await client.query<{ version: string }>('SELECT version FROM lab_deployment WHERE id = 1');
          return { ok: false, version: Number(current.rows[0]?.version) };
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
    movesSince,
    history: () => movesSince(-1),
    async at(version) {
      const { rows } = await client.query<{ document: unknown }>(
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

/** A pointer as one deployment (its version inside). */
export const deploymentAt = ({ version, deployment }: Pointer): Deployment => ({ version, ...deployment });
