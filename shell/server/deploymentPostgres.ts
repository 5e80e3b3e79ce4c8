// The deployment in PostgreSQL (DEPLOYMENT_DATABASE_URL, else DATABASE_URL), as every shell-server
// instance behind a load balancer follows it: the tables scripts/deployment-store.mjs writes, a move
// heard at once through LISTEN lab_deployment, and the version asked every POLL_MS as well (a lost
// notification, a connection pooler that passes none, a reconnection). A failed read keeps the last good
// deployment live, is counted and said on /health (since when) until a read succeeds; the connection is
// made again. A store seeded from releases/deployment.json is announced as a move (deployment-store.mjs).
// `prepare` readies what a deployment needs on this instance (its shell release on this disk, from the
// release store) before it is served: until it can, the last good one is served, as for a failed read.
import type { Client, Notification } from 'pg';
import { type Deployment, type DeploymentSource, deploymentOf, ReadTrouble, RecentDeployments } from './deployment';

/** How often the version is asked besides the notifications: a move is served within this (and a read). */
export const POLL_MS = 2_000;
/** The channel scripts/deployment-store.mjs notifies on each move. */
const CHANNEL = 'lab_deployment';
/** The table does not exist yet: nothing was ever moved there. */
const UNDEFINED_TABLE = '42P01';

type Row = { version: string; document: unknown };

/**
 * Connects, reads the live deployment and follows it. Resolves once the first read is done (retried
 * until then: a shell's server that cannot know what is live does not serve pages).
 */
export async function postgresDeployment(
  url: string,
  {
    pollMs = POLL_MS,
    log = console.error,
    prepare = async () => undefined,
  }: { pollMs?: number; log?: (line: string) => void; prepare?: (deployment: Deployment) => Promise<void> } = {},
): Promise<DeploymentSource> {
  const { default: pg } = await import('pg');
  const recent = new RecentDeployments();
  let live: Deployment = { version: 0, shell: null, remotes: {} };
  let client: Client | null = null;
  const trouble = new ReadTrouble();
  let closed = false;
  let reading: Promise<void> | null = null;
  let loaded = false;

  const failed = (what: string, error: unknown) => {
    trouble.failed(error);
    log(`[shell] deployment (${what}): ${error instanceof Error ? error.message : String(error)}`);
  };

  async function connect(): Promise<Client> {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url, application_name: 'lab-shell' });
    fresh.on('error', (error) => {
      failed('connection', error);
      if (client === fresh) client = null;
      void fresh.end().catch(() => undefined);
    });
    fresh.on('notification', (message: Notification) => {
      if (message.channel === CHANNEL && (!loaded || Number(message.payload) > live.version)) void refresh();
    });
    await fresh.connect();
    await fresh.query(`LISTEN ${CHANNEL}`);
    client = fresh;
    return fresh;
  }

  /** Reads the deployment when its version is newer than the one served. */
  async function read(): Promise<void> {
    const connection = await connect();
    try {
      const { rows } = await connection.query<{ version: string }>('SELECT version FROM lab_deployment WHERE id = 1');
      const version = rows[0] ? Number(rows[0].version) : 0;
      if (loaded && version <= live.version) return;
      const full = await connection.query<Row>('SELECT version, document FROM lab_deployment WHERE id = 1');
      if (full.rows[0]) {
        const next = deploymentOf(full.rows[0].document, Number(full.rows[0].version));
        await prepare(next);
        live = next;
      }
      recent.remember(live);
      // no row yet: read whole again until there is one, whatever version it starts at
      loaded = full.rows.length > 0;
    } catch (error) {
      // nothing was ever moved there: nothing is promoted (read whole again once the table is there)
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
    }
  }

  /** One read at a time; a failure is counted and the connection made again on the next one. */
  function refresh(): Promise<void> {
    reading ??= read()
      .then(() => trouble.read())
      .catch((error: unknown) => {
        failed('read', error);
        const broken = client;
        client = null;
        void broken?.end().catch(() => undefined);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  // the first read, until it succeeds
  for (let attempt = 1; ; attempt += 1) {
    const before = trouble.errors();
    await refresh();
    if (trouble.errors() === before) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * attempt, 5_000)));
  }
  const poll = setInterval(() => {
    if (!closed) void refresh();
  }, pollMs);
  poll.unref();

  return {
    store: 'postgres',
    current: () => live,
    async at(version) {
      if (version === live.version) return live;
      const known = recent.get(version);
      if (known) return known;
      const connection = await connect().catch(() => null);
      const answer = await connection
        ?.query<{ document: unknown }>('SELECT document FROM lab_deployment_history WHERE deployment = $1', [version])
        .catch(() => null);
      const row = answer?.rows[0];
      if (!row) return null;
      const deployment = deploymentOf(row.document, version);
      recent.remember(deployment);
      return deployment;
    },
    readErrors: () => trouble.errors(),
    unreadable: () => trouble.unreadable(),
    async close() {
      closed = true;
      clearInterval(poll);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
