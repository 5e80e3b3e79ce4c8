/**
 * A throwaway PostgreSQL for tests: Debian's server (installed with apt-get when missing and running as
 * root), a fresh cluster in a temporary folder owned by `postgres`, listening on 127.0.0.1 on a free
 * port, trust authentication, durability off. Stopped by its PID, and its folder removed.
 *
 *   const pg = await startPostgres();   // pg.url = postgres://postgres@127.0.0.1:PORT/postgres
 *   ...
 *   await pg.stop();
 *
 * As a command, it runs another command with DATABASE_URL set and stops the server afterwards:
 *
 *   tsx src/test-support/postgres.ts ../../node_modules/.bin/jest
 *   tsx src/test-support/postgres.ts            # prints the URL, runs until Ctrl-C
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningPostgres {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly version: string;
  /** Stops the server and keeps its data (an outage: the API loses every connection). */
  interrupt(): Promise<void>;
  /** Starts it again on the same port and data after `interrupt`. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Install Debian's postgresql with apt-get when it is missing (only as root). Default true. */
  readonly install?: boolean;
  readonly log?: (line: string) => void;
}

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null. */
function findBinDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(path.join(PG_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

function ensureInstalled(options: StartPostgresOptions): string {
  const found = findBinDir();
  if (found) return found;
  if (options.install === false || !isRoot()) {
    throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` as root, or set DATABASE_URL');
  }
  options.log?.('installing postgresql with apt-get ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
  }
  const installed = findBinDir();
  if (!installed) throw new Error('apt-get installed postgresql, but no server binaries were found');
  return installed;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('no "postgres" system user (is postgresql installed?)');
  return { uid: Number(uid), gid: Number(gid) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPostgres(options: StartPostgresOptions = {}): Promise<RunningPostgres> {
  const bin = ensureInstalled(options);
  const version = path.basename(path.dirname(bin));
  const root = mkdtempSync(path.join(tmpdir(), 'lab-postgres-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  mkdirSync(socketDir);
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user
  const asRoot = isRoot();
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(root, uid, gid);
    chownSync(socketDir, uid, gid);
  }

  const cleanup = () => rmSync(root, { recursive: true, force: true });
  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const port = await freePort();
    const startServer = () => {
      run(path.join(bin, 'pg_ctl'), [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        dataDir,
        '-l',
        path.join(root, 'postgres.log'),
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      ]);
      const started = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (!Number.isInteger(started) || started <= 0) throw new Error('could not read the postmaster PID');
      return started;
    };
    let pid = startServer();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    options.log?.(`PostgreSQL ${version} on ${url} (pid ${pid}, data in ${dataDir})`);

    let stopped = false;
    const stopNow = () => {
      if (stopped) return;
      stopped = true;
      // SIGINT: PostgreSQL's fast shutdown (disconnects clients, no waiting for them)
      if (isAlive(pid)) process.kill(pid, 'SIGINT');
    };
    const onExit = () => {
      stopNow();
    };
    process.once('exit', onExit);

    return {
      url,
      port,
      get pid() {
        return pid;
      },
      version,
      async interrupt() {
        if (isAlive(pid)) process.kill(pid, 'SIGINT');
        for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(50);
      },
      async resume() {
        pid = startServer();
      },
      async stop() {
        process.removeListener('exit', onExit);
        stopNow();
        for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(50);
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        cleanup();
      },
    };
  } catch (error) {
    const logFile = path.join(root, 'postgres.log');
    const detail = existsSync(logFile) ? `\n${readFileSync(logFile, 'utf8').slice(-2000)}` : '';
    cleanup();
    const stderr =
      typeof error === 'object' && error !== null && 'stderr' in error
        ? String((error as { stderr: unknown }).stderr)
        : '';
    throw new Error(
      `could not start PostgreSQL: ${error instanceof Error ? error.message : String(error)} ${stderr}${detail}`,
    );
  }
}

async function cli(argv: readonly string[]): Promise<number> {
  const pg = await startPostgres({ log: (line) => console.error(line) });
  const stop = async () => {
    await pg.stop();
  };
  if (argv.length === 0) {
    console.log(pg.url);
    // signal listeners alone do not keep Node.js running: without this it would exit (and stop the server) at once
    const keepAlive = setInterval(() => undefined, 1 << 30);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    clearInterval(keepAlive);
    await stop();
    return 0;
  }
  const [command = '', ...args] = argv;
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
  await stop();
  return code;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  cli(argv[0] === '--' ? argv.slice(1) : argv).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
