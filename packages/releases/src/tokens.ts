// Team tokens (docs/releases.md "Who may move what"): `labdt_<id>_<secret>`, each scoped to the apps it
// may move (`*`: a platform token, which may also move the shell). Only the secret's SHA-256 is kept: in
// PostgreSQL (table lab_deploy_tokens, from migrations/) with DEPLOYMENT_DATABASE_URL or DATABASE_URL, the
// store every deploy API instance reads on each request (a revoke is refused at once everywhere); else in
// releases/tokens.json, the one-machine default, every writer holding its lock.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APPS, databaseUrl } from './apps';
import { migrateReleases, pg } from './database';
import { withFileLock } from './lock';

/** A token as kept (its secret's hash only). */
export type TokenRecord = {
  id: string;
  team: string;
  name: string;
  /** the apps it may move (folder names), or ['*'] */
  apps: string[];
  secretSha256: string;
  createdAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
};

/** A token as shown (never its hash). */
export type Token = Omit<TokenRecord, 'secretSha256'>;

export type TokenFields = { team?: string; name?: string; apps?: string[] };

export type Verified =
  | { token: Token; error?: undefined }
  | { error: 'token-invalid' | 'token-revoked'; token?: undefined };

export interface TokenStore {
  readonly kind: 'file' | 'postgres';
  create(fields: TokenFields): Promise<{ token: string; record: Token }>;
  list(): Promise<Token[]>;
  /** A new secret for the token: the old one is refused from now on. */
  rotate(id: string): Promise<{ token: string; record: Token }>;
  revoke(id: string): Promise<Token>;
  /** `{ token }` for a token that may be used now, else `{ error }`. */
  verify(text: string | undefined): Promise<Verified>;
  close(): Promise<void>;
  /** Counts a request for the rate limit shared by every instance (absent: each its own). */
  countRequest?(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

type Rows = {
  kind: TokenStore['kind'];
  insert(record: TokenRecord): Promise<void>;
  all(): Promise<TokenRecord[]>;
  find(id: string): Promise<TokenRecord | null>;
  update(id: string, changes: Partial<TokenRecord>): Promise<void>;
  touch(id: string): Promise<unknown>;
  close(): Promise<void>;
  countRequest?: TokenStore['countRequest'];
};

const TOKEN = /^labdt_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;
const LABEL = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** The platform scope: every app, the shell included. */
export const PLATFORM = '*';
/** How often a token's last use is written (each request would be a write per call). */
const TOUCH_EVERY_MS = 60_000;

export class TokenError extends Error {}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** The id and secret of a token's text, or null when it is not one. */
export function parseToken(text: string | undefined): { id: string; secret: string } | null {
  const match = TOKEN.exec(text ?? '');
  return match ? { id: match[1] as string, secret: match[2] as string } : null;
}

/** Whether `secret` hashes to `hash`, compared in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(sha256(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Whether a token scoped to `scope` may move `app` (a folder name: mf-catalog, shell). */
export const mayMove = (scope: readonly string[], app: string): boolean =>
  scope.includes(PLATFORM) || (app !== 'shell' && scope.includes(app));

/** Checks what a token is made with; returns the apps, validated. */
function validated({ team, name, apps: scope }: TokenFields): string[] {
  for (const [field, value] of [
    ['team', team],
    ['name', name],
  ] as const) {
    if (!LABEL.test(value ?? '')) {
      throw new TokenError(`--${field} is lower-case letters, digits and dashes (at most 40), not "${value ?? ''}"`);
    }
  }
  const known = APPS.map((app) => app.dir);
  if (!Array.isArray(scope) || scope.length === 0)
    throw new TokenError(`--apps names the apps it may move: ${known.join(', ')} or *`);
  if (scope.includes(PLATFORM)) {
    if (scope.length > 1) throw new TokenError('--apps * (the platform) stands alone');
    return [PLATFORM];
  }
  for (const app of scope) {
    if (!known.includes(app))
      throw new TokenError(`no app "${app}": one of ${known.join(', ')}, or * for the platform`);
    if (app === 'shell') throw new TokenError('the shell is moved with a platform token (--apps *)');
  }
  return [...new Set(scope)].sort();
}

/** What is shown of a token (never its hash). */
const publicOf = ({ secretSha256: _hash, ...shown }: TokenRecord): Token => shown;

/** The store the environment names; `releasesDir` holds the file store. */
export async function openTokenStore({
  releasesDir,
  env = process.env,
}: {
  releasesDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<TokenStore> {
  const url = databaseUrl(env);
  return url ? openPostgresTokens(url) : openFileTokens(join(releasesDir, 'tokens.json'));
}

/**
 * The operations both stores share, over `rows` (the store's own reads and writes): create, list,
 * rotate, revoke, and `verify` (a token's text to its record, or the reason it is refused).
 */
function tokenStore({ kind, insert, all, find, update, touch, close, countRequest }: Rows): TokenStore {
  const lastTouched = new Map<string, number>();
  return {
    kind,
    async create(fields) {
      const scope = validated(fields);
      const id = randomBytes(5).toString('hex');
      const secret = newSecret();
      const now = new Date().toISOString();
      const record: TokenRecord = {
        id,
        team: fields.team as string,
        name: fields.name as string,
        apps: scope,
        secretSha256: sha256(secret),
        createdAt: now,
        rotatedAt: null,
        revokedAt: null,
        lastUsedAt: null,
      };
      await insert(record);
      return { token: `labdt_${id}_${secret}`, record: publicOf(record) };
    },
    async list() {
      return (await all()).map(publicOf);
    },
    /** A new secret for the token: the old one is refused from now on. */
    async rotate(id) {
      const record = await find(id);
      if (!record) throw new TokenError(`no token ${id}`);
      if (record.revokedAt) throw new TokenError(`token ${id} is revoked: create another`);
      const secret = newSecret();
      await update(id, { secretSha256: sha256(secret), rotatedAt: new Date().toISOString() });
      return { token: `labdt_${id}_${secret}`, record: publicOf((await find(id)) as TokenRecord) };
    },
    async revoke(id) {
      const record = await find(id);
      if (!record) throw new TokenError(`no token ${id}`);
      if (!record.revokedAt) await update(id, { revokedAt: new Date().toISOString() });
      return publicOf((await find(id)) as TokenRecord);
    },
    /** `{ token }` for a token that may be used now, else `{ error }`: token-invalid or token-revoked. */
    async verify(text) {
      const parsed = parseToken(text);
      if (!parsed) return { error: 'token-invalid' };
      const record = await find(parsed.id);
      if (!record || !secretMatches(parsed.secret, record.secretSha256)) return { error: 'token-invalid' };
      if (record.revokedAt) return { error: 'token-revoked' };
      if (Date.now() - (lastTouched.get(record.id) ?? 0) > TOUCH_EVERY_MS) {
        lastTouched.set(record.id, Date.now());
        await touch(record.id).catch(() => undefined);
      }
      return { token: publicOf(record) };
    },
    close,
    /** Counts a request in PostgreSQL for the rate limit shared by every instance (absent: each its own). */
    ...(countRequest ? { countRequest } : {}),
  };
}

// ---- the file store: releases/tokens.json, hashes only, written whole and renamed into place, each
// read-change-write under the file's lock (two operators, or a request's touch beside a revoke, lose none)

export function openFileTokens(file: string): TokenStore {
  const read = (): TokenRecord[] =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { tokens: TokenRecord[] }).tokens : [];
  const write = (tokens: TokenRecord[]) => {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  };
  const update = (id: string, changes: Partial<TokenRecord>) =>
    withFileLock(file, () => write(read().map((token) => (token.id === id ? { ...token, ...changes } : token))));
  return tokenStore({
    kind: 'file',
    insert: (record) =>
      withFileLock(file, () => {
        const tokens = read();
        if (tokens.some((token) => token.team === record.team && token.name === record.name && !token.revokedAt)) {
          throw new TokenError(`${record.team}/${record.name} exists already: rotate or revoke it`);
        }
        write([...tokens, record]);
      }),
    all: async () => read(),
    find: async (id) => read().find((token) => token.id === id) ?? null,
    update,
    touch: (id) => update(id, { lastUsedAt: new Date().toISOString() }),
    async close() {},
  });
}

// ---- PostgreSQL: lab_deploy_tokens and lab_deploy_request_counts, from migrations/

const COLUMNS: Record<string, string> = {
  secretSha256: 'secret_sha256',
  rotatedAt: 'rotated_at',
  revokedAt: 'revoked_at',
  lastUsedAt: 'last_used_at',
};
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
type TokenRow = {
  id: string;
  team: string;
  name: string;
  apps: string[];
  secret_sha256: string;
  created_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
};
const recordOf = (row: TokenRow): TokenRecord => ({
  id: row.id,
  team: row.team,
  name: row.name,
  apps: row.apps,
  secretSha256: row.secret_sha256,
  createdAt: iso(row.created_at) as string,
  rotatedAt: iso(row.rotated_at),
  revokedAt: iso(row.revoked_at),
  lastUsedAt: iso(row.last_used_at),
});

export async function openPostgresTokens(url: string): Promise<TokenStore> {
  const pool = new pg.Pool({ connectionString: url, application_name: 'lab-deploy-tokens', max: 4 });
  try {
    await migrateReleases(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const find = async (id: string) => {
    const { rows } = await pool.query<TokenRow>('SELECT * FROM lab_deploy_tokens WHERE id = $1', [id]);
    return rows[0] ? recordOf(rows[0]) : null;
  };
  return tokenStore({
    kind: 'postgres',
    async insert(record) {
      try {
        await pool.query(
          'INSERT INTO lab_deploy_tokens (id, team, name, apps, secret_sha256, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [record.id, record.team, record.name, record.apps, record.secretSha256, record.createdAt],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new TokenError(`${record.team}/${record.name} exists already: rotate or revoke it`);
        throw error;
      }
    },
    async all() {
      const { rows } = await pool.query<TokenRow>('SELECT * FROM lab_deploy_tokens ORDER BY created_at, id');
      return rows.map(recordOf);
    },
    find,
    async update(id, changes) {
      const entries = Object.entries(changes);
      await pool.query(
        `UPDATE lab_deploy_tokens SET ${entries.map(([key], index) => `${COLUMNS[key] as string} = $${index + 2}`).join(', ')} WHERE id = $1`,
        [id, ...entries.map(([, value]) => value)],
      );
    },
    touch: (id) => pool.query('UPDATE lab_deploy_tokens SET last_used_at = now() WHERE id = $1', [id]),
    close: () => pool.end(),
    countRequest,
  });
  /**
   * Counts a request of `key` in its window (`windowMs` from its first request, by the database's clock):
   * `{ current, ttl }`. Every instance counts in one table, so N instances still allow the limit once.
   */
  async function countRequest(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    if (Math.random() < 0.01) {
      await pool.query("DELETE FROM lab_deploy_request_counts WHERE window_start < now() - interval '1 hour'");
    }
    const { rows } = await pool.query<{ count: number; ttl: string }>(
      `INSERT INTO lab_deploy_request_counts AS counted (key, window_start, count) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN counted.window_start <= now() - make_interval(secs => $2 / 1000.0) THEN 1 ELSE counted.count + 1 END,
         window_start = CASE WHEN counted.window_start <= now() - make_interval(secs => $2 / 1000.0) THEN now() ELSE counted.window_start END
       RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2 / 1000.0) - now())) * 1000) AS ttl`,
      [key, windowMs],
    );
    const [row] = rows as [{ count: number; ttl: string }];
    return { current: row.count, ttl: Math.ceil(Number(row.ttl)) };
  }
}
