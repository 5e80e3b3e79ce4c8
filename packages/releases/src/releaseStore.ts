// Where releases are kept (docs/releases.md "Releases every instance serves"). A release is its
// release.json (the app, the version, when and from which commit it was built, the SHA-384 of every
// file) and its files, each stored by its digest. One interface, two backends:
//
//   - the filesystem, one machine, the default: releases/<app>/<version>/, the folder as built with its
//     release.json beside the files;
//   - PostgreSQL when DEPLOYMENT_DATABASE_URL (else DATABASE_URL) names one, as for the live pointer:
//     lab_release_files (a file's bytes by digest, kept once whatever release holds it) and lab_releases
//     (an app's version and its release.json), from migrations/; every instance of every server reads
//     the same releases, whatever its own disk holds.
//
// A bucket (S3 and the like) is a third kind behind the same calls: objects named by digest, and
// release.json by app and version. A file is only ever read by its digest and checked against it: bytes
// that are not those are never returned. Since a file never changes, a process keeps what it has read
// (cachedReleaseStore: in memory up to a bound, and in a local folder) for good.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { databaseUrl, databaseWhere } from './apps';
import { migrateReleases, pg } from './database';
import { checked, DIGEST, digestOf } from './digest';
import { withFileLock } from './lock';

/** A release's release.json: what is recorded when a build is filed. */
export type ReleaseMeta = {
  app: string;
  name?: string;
  version: string;
  packageVersion?: string;
  commit?: string | null;
  builtAt: string;
  routes?: string[];
  /** every file of the release (release.json aside) -> `sha384-<base64>` */
  files: Record<string, string>;
};

/** Where a file is thought to be: the filesystem store reads it there first (it is checked all the same). */
export type FileHint = { app: string; version: string; path: string };

/** Where releases are kept: the filesystem, PostgreSQL (or a bucket), behind the same calls. */
export interface ReleaseStore {
  readonly kind: 'file' | 'postgres';
  /** where, for messages */
  readonly where: string;
  /** files the build folder's files under their digests (`meta.files`) and `meta` beside them; `move`: the folder is ours to take */
  put(meta: ReleaseMeta, build: string, options?: { move?: boolean }): Promise<{ created: boolean }>;
  /** an app's releases, oldest first */
  list(app: string): Promise<ReleaseMeta[]>;
  meta(app: string, version: string): Promise<ReleaseMeta | null>;
  /** a file's bytes by digest, only if they are those bytes */
  file(digest: string, where?: FileHint): Promise<Buffer | null>;
  /** the release's files that are not in the store with their bytes; null: no such release */
  missing(app: string, version: string): Promise<string[] | null>;
  /** the release as a local folder (a cached store writes one out); null: none */
  folder(app: string, version: string): Promise<string | null>;
  close(): Promise<void>;
}

export type CacheOptions = { maxBytes?: number; dir?: string | null };

/** An app folder's name, a version: never a path of their own. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

const byBuilt = (a: ReleaseMeta, b: ReleaseMeta) => String(a.builtAt).localeCompare(String(b.builtAt));

/**
 * The store the environment names: PostgreSQL with DEPLOYMENT_DATABASE_URL or DATABASE_URL, else the
 * releases folder. `cache`: keep what is read (cachedReleaseStore's options), for a long-running server.
 */
export async function openReleaseStore({
  releasesDir,
  env = process.env,
  cache,
}: {
  releasesDir: string;
  env?: NodeJS.ProcessEnv;
  /** keep what is read: in memory (RELEASE_CACHE_MB, 64) and in RELEASE_CACHE_DIR (else <releasesDir>/.cache) */
  cache?: boolean | CacheOptions;
}): Promise<ReleaseStore & { inner?: ReleaseStore }> {
  const url = databaseUrl(env);
  const store = url ? await postgresReleaseStore(url) : fileReleaseStore(releasesDir);
  if (!cache) return store;
  return cachedReleaseStore(store, {
    maxBytes: Number(env.RELEASE_CACHE_MB || 64) * 1024 * 1024,
    // the filesystem store is on this disk already
    dir: url ? env.RELEASE_CACHE_DIR || join(releasesDir, '.cache') : null,
    ...(typeof cache === 'object' ? cache : {}),
  });
}

// ---- the filesystem

/** releases/<app>/<version>/: each release a folder of its files and its release.json. */
export function fileReleaseStore(releasesDir: string): ReleaseStore {
  const base = resolve(releasesDir);
  const folderOf = (app: string, version: string): string | null => {
    if (!NAME.test(app) || !NAME.test(version)) return null;
    return join(base, app, version);
  };
  const metaAt = (folder: string | null): ReleaseMeta | null => {
    if (!folder || !existsSync(join(folder, 'release.json'))) return null;
    return JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')) as ReleaseMeta;
  };
  // where each digest is, from every release.json: built when a digest is first asked, again on a miss
  let index = new Map<string, string>();
  let indexedAt = 0;
  const reindex = () => {
    index = new Map();
    indexedAt = Date.now();
    if (!existsSync(base)) return;
    for (const app of readdirSync(base, { withFileTypes: true })) {
      if (!app.isDirectory() || !NAME.test(app.name)) continue;
      for (const version of readdirSync(join(base, app.name))) {
        const folder = folderOf(app.name, version);
        if (!folder) continue;
        const meta = (() => {
          try {
            return metaAt(folder);
          } catch {
            return null;
          }
        })();
        for (const [file, digest] of Object.entries(meta?.files ?? {})) {
          if (!index.has(digest)) index.set(digest, join(folder, file));
        }
      }
    }
  };
  const readAt = (file: string) => readFile(file).catch(() => null);

  return {
    kind: 'file',
    where: base,
    put(meta, build, { move = false } = {}) {
      const target = folderOf(meta.app, meta.version);
      if (!target) throw new Error(`not a release's name: ${meta.app} ${meta.version}`);
      // two uploads of one build at once: one files it, the other finds it filed
      return withFileLock(target, () => {
        if (existsSync(join(target, 'release.json'))) {
          if (move) rmSync(build, { recursive: true, force: true });
          return { created: false };
        }
        mkdirSync(join(base, meta.app), { recursive: true });
        rmSync(target, { recursive: true, force: true });
        if (move) renameSync(build, target);
        else cpSync(build, target, { recursive: true });
        writeFileSync(join(target, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
        return { created: true };
      });
    },
    async list(app) {
      const dir = folderOf(app, 'x') && join(base, app);
      if (!dir || !existsSync(dir)) return [];
      return readdirSync(dir)
        .map((version) => metaAt(folderOf(app, version)))
        .filter((meta): meta is ReleaseMeta => meta !== null)
        .sort(byBuilt);
    },
    async meta(app, version) {
      return metaAt(folderOf(app, version));
    },
    async file(digest, where) {
      if (!DIGEST.test(digest)) return null;
      // where the caller says it is (a release's file), else where some release.json says
      const hinted = where && folderOf(where.app, where.version);
      if (where && hinted) {
        const file = resolve(hinted, where.path);
        if (file.startsWith(`${hinted}${sep}`)) {
          const bytes = checked(await readAt(file), digest);
          if (bytes) return bytes;
        }
      }
      if (!index.has(digest) && Date.now() - indexedAt > 1_000) reindex();
      const file = index.get(digest);
      return file ? checked(await readAt(file), digest) : null;
    },
    async missing(app, version) {
      const folder = folderOf(app, version);
      const meta = metaAt(folder);
      if (!folder || !meta?.files) return null;
      const absent: string[] = [];
      for (const [file, digest] of Object.entries(meta.files)) {
        if (!checked(await readAt(join(folder, file)), digest)) absent.push(file);
      }
      return absent;
    },
    async folder(app, version) {
      const folder = folderOf(app, version);
      return metaAt(folder) ? folder : null;
    },
    async close() {},
  };
}

// ---- PostgreSQL

/** The digests among `digests` whose stored bytes have them (PostgreSQL computes the SHA-384 itself). */
const INTACT = `SELECT digest FROM lab_release_files
  WHERE digest = ANY($1) AND 'sha384-' || encode(sha384(bytes), 'base64') = digest`;

export async function postgresReleaseStore(
  url: string,
  { log = console.error }: { log?: (line: string) => void } = {},
): Promise<ReleaseStore> {
  const pool = new pg.Pool({ connectionString: url, application_name: 'lab-releases', max: 4, allowExitOnIdle: true });
  // a connection lost while idle: the pool makes another for the next query
  pool.on('error', (error) => log(`[releases] ${error.message}`));
  let ready: Promise<void> | null = null;
  /** The tables, from the migrations, before the first query. */
  const migrated = () => {
    ready ??= migrateReleases(pool).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  const query = async <T extends object>(text: string, values: unknown[]) => {
    await migrated();
    return pool.query<T>(text, values);
  };
  const meta = async (app: string, version: string): Promise<ReleaseMeta | null> => {
    const { rows } = await query<{ meta: ReleaseMeta }>(
      'SELECT meta FROM lab_releases WHERE app = $1 AND version = $2',
      [app, version],
    );
    return rows[0]?.meta ?? null;
  };

  return {
    kind: 'postgres',
    where: databaseWhere(url),
    /** Every file of the build with its digest, then release.json: one transaction, all or nothing. */
    async put(release, build, { move = false } = {}) {
      await migrated();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const known = await client.query('SELECT 1 FROM lab_releases WHERE app = $1 AND version = $2', [
          release.app,
          release.version,
        ]);
        let created = false;
        if (!known.rowCount) {
          const digests = Object.values(release.files);
          const { rows } = await client.query<{ digest: string }>(INTACT, [digests]);
          const stored = new Set(rows.map((row) => row.digest));
          for (const [file, digest] of Object.entries(release.files)) {
            if (stored.has(digest)) continue;
            const bytes = await readFile(join(build, file));
            if (digestOf(bytes) !== digest) throw new Error(`${file}: not the bytes its digest names`);
            // a row whose bytes are not its digest's (a damaged one) is replaced by the right bytes
            await client.query(
              `INSERT INTO lab_release_files (digest, bytes) VALUES ($1, $2)
               ON CONFLICT (digest) DO UPDATE SET bytes = EXCLUDED.bytes, stored_at = now()`,
              [digest, bytes],
            );
            stored.add(digest);
          }
          const inserted = await client.query(
            'INSERT INTO lab_releases (app, version, meta) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
            [release.app, release.version, release],
          );
          created = (inserted.rowCount ?? 0) > 0;
        }
        await client.query('COMMIT');
        if (move) rmSync(build, { recursive: true, force: true });
        return { created };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async list(app) {
      const { rows } = await query<{ meta: ReleaseMeta }>(
        'SELECT meta FROM lab_releases WHERE app = $1 ORDER BY created_at',
        [app],
      );
      return rows.map((row) => row.meta).sort(byBuilt);
    },
    meta,
    async file(digest) {
      if (!DIGEST.test(digest)) return null;
      const { rows } = await query<{ bytes: Buffer }>('SELECT bytes FROM lab_release_files WHERE digest = $1', [
        digest,
      ]);
      if (!rows[0]) return null;
      const bytes = checked(rows[0].bytes, digest);
      if (!bytes) log(`[releases] ${digest}: the stored bytes are not the file's (damaged): not served`);
      return bytes;
    },
    async missing(app, version) {
      const release = await meta(app, version);
      if (!release?.files) return null;
      const { rows } = await query<{ digest: string }>(INTACT, [Object.values(release.files)]);
      const intact = new Set(rows.map((row) => row.digest));
      return Object.entries(release.files)
        .filter(([, digest]) => !intact.has(digest))
        .map(([file]) => file);
    },
    /** No folder of its own: cachedReleaseStore writes one out. */
    async folder() {
      return null;
    },
    async close() {
      await pool.end();
    },
  };
}

// ---- what a process keeps

/** A digest as a file's name (base64url: no slash). */
const nameOf = (digest: string) => digest.slice('sha384-'.length).replaceAll('+', '-').replaceAll('/', '_');

/**
 * A store whose files a process keeps once read: in memory up to `maxBytes` (the least recently used
 * go first: a Map keeps insertion order) and, with `dir`, on its disk by digest, each checked against
 * its digest when it comes in and when read back. release.json is kept too (a release never changes).
 * `folder()` gives a release as a local folder (written out under `dir` from the store when the store
 * has none of its own), for what reads files by path: the shell's own pages, the gate's type check.
 */
export function cachedReleaseStore(
  store: ReleaseStore,
  { maxBytes = 64 * 1024 * 1024, dir = null }: CacheOptions = {},
): ReleaseStore & { inner: ReleaseStore } {
  const memory = new Map<string, Buffer>();
  let held = 0;
  const loading = new Map<string, Promise<Buffer | null>>();
  const metas = new Map<string, ReleaseMeta>();
  const keep = (digest: string, bytes: Buffer) => {
    if (bytes.length > maxBytes) return;
    memory.set(digest, bytes);
    held += bytes.length;
    for (const [oldest, kept] of memory) {
      if (held <= maxBytes) break;
      memory.delete(oldest);
      held -= kept.length;
    }
  };
  const onDisk = (folder: string, digest: string) => join(folder, 'files', nameOf(digest));
  async function load(digest: string, where?: FileHint): Promise<Buffer | null> {
    const saved = dir ? checked(await readFile(onDisk(dir, digest)).catch(() => null), digest) : null;
    if (saved) return saved;
    const bytes = checked(await store.file(digest, where), digest);
    if (bytes && dir) {
      const temporary = `${onDisk(dir, digest)}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await mkdir(join(dir, 'files'), { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, onDisk(dir, digest));
    }
    return bytes;
  }
  const cached: ReleaseStore & { inner: ReleaseStore } = {
    kind: store.kind,
    where: store.where,
    put: (meta, build, options) => store.put(meta, build, options),
    list: (app) => store.list(app),
    missing: (app, version) => store.missing(app, version),
    close: () => store.close(),
    inner: store,
    async file(digest, where) {
      const kept = memory.get(digest);
      if (kept) {
        // the most recently used last
        memory.delete(digest);
        memory.set(digest, kept);
        return kept;
      }
      let pending = loading.get(digest);
      if (!pending) {
        pending = load(digest, where).finally(() => loading.delete(digest));
        loading.set(digest, pending);
      }
      const bytes = await pending;
      if (bytes && !memory.has(digest)) keep(digest, bytes);
      return bytes;
    },
    async meta(app, version) {
      const key = `${app}\n${version}`;
      const known = metas.get(key);
      if (known) return known;
      const meta = await store.meta(app, version);
      if (meta) metas.set(key, meta);
      return meta;
    },
    async folder(app, version) {
      const own = await store.folder(app, version);
      if (own || !dir) return own;
      if (!NAME.test(app) || !NAME.test(version)) return null;
      const target = join(dir, 'releases', app, version);
      if (existsSync(join(target, 'release.json'))) return target;
      const meta = await cached.meta(app, version);
      if (!meta?.files) return null;
      const staging = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      try {
        for (const [file, digest] of Object.entries(meta.files)) {
          const path = resolve(staging, file);
          if (!path.startsWith(`${staging}${sep}`)) throw new Error(`${file}: outside its release`);
          const bytes = await cached.file(digest, { app, version, path: file });
          if (!bytes) throw new Error(`${app} ${version}: ${file} is not in the store with its digest`);
          await mkdir(resolve(path, '..'), { recursive: true });
          await writeFile(path, bytes);
        }
        await writeFile(join(staging, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
        await mkdir(join(dir, 'releases', app), { recursive: true });
        // another process wrote it meanwhile: theirs is the same bytes
        await rename(staging, target).catch(() => undefined);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
      return target;
    },
  };
  return cached;
}
