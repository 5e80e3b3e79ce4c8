// Following the live pointer, as each shell-server instance does: a source keeps the live deployment in
// memory and follows its moves (promotion, canary and rollback need no restart and no rebuild).
//
//   - the file: releases/deployment.json, read again when it changes (a stat per call);
//   - PostgreSQL: a move heard at once through LISTEN lab_deployment, and the version asked every POLL_MS
//     as well (a lost notification, a connection pooler that passes none, a reconnection).
//
// A failed read keeps the last good deployment live, is counted and said (since when) until a read
// succeeds. `prepare` readies what a deployment needs on this instance (its shell release on this disk,
// from the release store) before it is served: until it can, the last good one is served.
import { readFileSync, statSync } from 'node:fs';
import { pg } from './database';
import { type Deployment, deploymentOf, emptyDeployment, parseDeployment } from './deployment';
import { DEPLOYMENT_CHANNEL } from './deploymentStore';

/** How often the version is asked besides the notifications: a move is served within this (and a read). */
export const POLL_MS = 2_000;
/** The table does not exist yet: nothing was ever moved there. */
const UNDEFINED_TABLE = '42P01';

/** Since when the deployment cannot be read, and why (the last good one is served meanwhile). */
export type Unreadable = { since: string; error: string };

/** Keeps the first failure of a run of failed reads; a good read ends the run. */
export class ReadTrouble {
  private run: Unreadable | null = null;
  private count = 0;

  failed(error: unknown, now = new Date()): void {
    this.count += 1;
    const message = error instanceof Error ? error.message : String(error);
    this.run = { since: this.run?.since ?? now.toISOString(), error: message };
  }

  read(): void {
    this.run = null;
  }

  unreadable(): Unreadable | null {
    return this.run;
  }

  errors(): number {
    return this.count;
  }
}

/** What a server reads the deployment from. */
export interface DeploymentSource {
  /** where: the file, PostgreSQL, or none (development: nothing is promoted) */
  readonly store: 'file' | 'postgres' | 'none';
  /** the live deployment, as last read (never waits) */
  current(): Deployment;
  /** an earlier deployment, for a page served before a move: null when this source does not know it */
  at(version: number): Promise<Deployment | null>;
  /** failed reads so far (the last good deployment is served meanwhile) */
  readErrors(): number;
  /** while the reads fail: since when and the last error; null once one succeeds */
  unreadable(): Unreadable | null;
  close(): Promise<void>;
}

/** The deployments seen lately, by version: a page's remotes map is answered for the page's deployment. */
export class RecentDeployments {
  private readonly seen = new Map<number, Deployment>();

  constructor(private readonly size = 64) {}

  remember(deployment: Deployment): void {
    this.seen.delete(deployment.version);
    this.seen.set(deployment.version, deployment);
    while (this.seen.size > this.size) this.seen.delete(this.seen.keys().next().value as number);
  }

  get(version: number): Deployment | null {
    return this.seen.get(version) ?? null;
  }
}

const EMPTY = emptyDeployment();

/** Development and the bench: what was given is all there is. */
export const noDeployment = (): DeploymentSource => ({
  store: 'none',
  current: () => EMPTY,
  at: async (version) => (version === 0 ? EMPTY : null),
  readErrors: () => 0,
  unreadable: () => null,
  close: async () => undefined,
});

/** releases/deployment.json, read again when it changes (a stat per call). */
export function fileDeployment(file: string): DeploymentSource {
  const read = deploymentReader(file);
  const recent = new RecentDeployments();
  const trouble = new ReadTrouble();
  const current = () => {
    const deployment = read(trouble);
    recent.remember(deployment);
    return deployment;
  };
  return {
    store: 'file',
    current,
    at: async (version) => (current().version === version ? current() : recent.get(version)),
    readErrors: () => trouble.errors(),
    unreadable: () => trouble.unreadable(),
    close: async () => undefined,
  };
}

/**
 * Reads the deployment file when it changed since the last read; none: nothing promoted. `outcome`
 * hears of each read of a changed file (a broken one keeps the last good deployment).
 */
export function deploymentReader(
  file: string,
): (outcome?: { failed(error: unknown): void; read(): void }) => Deployment {
  let seen = '';
  let current = EMPTY;
  return (outcome) => {
    let stamp: string;
    try {
      const info = statSync(file);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      outcome?.read();
      return EMPTY;
    }
    if (stamp === seen) return current;
    try {
      current = parseDeployment(readFileSync(file, 'utf8'));
      outcome?.read();
    } catch (error) {
      // a broken file keeps the last good deployment live rather than dropping every promotion
      console.error('[shell] deployment:', error instanceof Error ? error.message : error);
      outcome?.failed(error);
    }
    seen = stamp;
    return current;
  };
}

type Row = { version: string; document: unknown };

/**
 * Connects, reads the live deployment and follows it. Resolves once the first read is done (retried
 * until then: a server that cannot know what is live does not serve pages).
 */
export async function postgresDeployment(
  url: string,
  {
    pollMs = POLL_MS,
    log = console.error,
    prepare = async () => undefined,
  }: { pollMs?: number; log?: (line: string) => void; prepare?: (deployment: Deployment) => Promise<void> } = {},
): Promise<DeploymentSource> {
  const recent = new RecentDeployments();
  let live: Deployment = emptyDeployment();
  let client: pg.Client | null = null;
  const trouble = new ReadTrouble();
  let closed = false;
  let reading: Promise<void> | null = null;
  let loaded = false;

  const failed = (what: string, error: unknown) => {
    trouble.failed(error);
    log(`[shell] deployment (${what}): ${error instanceof Error ? error.message : String(error)}`);
  };

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url, application_name: 'lab-shell' });
    fresh.on('error', (error) => {
      failed('connection', error);
      if (client === fresh) client = null;
      void fresh.end().catch(() => undefined);
    });
    fresh.on('notification', (message) => {
      if (message.channel === DEPLOYMENT_CHANNEL && (!loaded || Number(message.payload) > live.version)) {
        void refresh();
      }
    });
    await fresh.connect();
    await fresh.query(`LISTEN ${DEPLOYMENT_CHANNEL}`);
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
      // the tables are not migrated yet (no writer opened the store): nothing is promoted
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
