/**
 * API server processes for the load run: `src/server.ts` through tsx (its own process, as in production),
 * the development routes on, auth limits relaxed so that N customers can sign in again and again (the
 * limits themselves are covered by the route tests), the development lab clock off (the run checks what
 * customers see of their own orders; the clock is a development stand-in for the lab, not part of it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { sleep } from './util';

const SERVER_DIR = path.resolve(__dirname, '..');

export interface ApiServer {
  readonly url: string;
  readonly port: number;
  readonly logFile: string;
  stop(): Promise<void>;
  /** Sends a signal (SIGKILL: a crash; SIGTERM: a graceful stop) and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly pid: number;
  /** Error lines (pino level >= 50) the server logged, for the report of a failed run. */
  errors(): string[];
}

export interface ApiServerOptions {
  readonly port: number;
  /** PGLITE_DATA_DIR or DATABASE_URL. */
  readonly database: { readonly pgliteDataDir: string } | { readonly databaseUrl: string };
  readonly logFile: string;
  readonly startTimeoutMs?: number;
  /** The operations port (metrics, vitals); default none, so that several instances never collide. */
  readonly metricsPort?: number;
  /** More environment (limits of a particular run). */
  readonly env?: Readonly<Record<string, string>>;
}

export function serverEnv(options: ApiServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.PGLITE_DATA_DIR;
  return {
    ...env,
    ...('databaseUrl' in options.database
      ? { DATABASE_URL: options.database.databaseUrl }
      : { PGLITE_DATA_DIR: options.database.pgliteDataDir }),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    AUTH_RESEND_SECONDS: '0',
    AUTH_SENDS_PER_PHONE_HOUR: '100000',
    AUTH_SENDS_PER_IP_HOUR: '100000',
    AUTH_CHECKS_PER_PHONE_HOUR: '100000',
    AUTH_CHECKS_PER_IP_HOUR: '100000',
    // hundreds of customers sign in at once: the outbox must still hold each one's code when it reads
    DEV_SMS_OUTBOX_SIZE: '20000',
    DEV_CLOCK_INTERVAL_MS: '0',
    METRICS_PORT: options.metricsPort === undefined ? 'off' : String(options.metricsPort),
    ...options.env,
  };
}

/** True when nothing listens on 127.0.0.1:port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Starts one server and waits until it is ready (migrated, seeded, listening, the database answering). */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  // node itself with tsx's loader (not tsx's command, which runs node in a child of its own): a signal
  // reaches the server and nothing else, a SIGKILL is the server's crash
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src', 'server.ts')], {
    cwd: SERVER_DIR,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    return { code: child.exitCode, signal: child.signalCode };
  };

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };
  const errors = () =>
    readFileSync(options.logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(5|6)\d/.test(line) || /^\s*(Error|TypeError)/.test(line));

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the API server on port ${options.port} exited with ${child.exitCode}; log: ${options.logFile}`);
    }
    try {
      // ready: the database answers and the migrations are applied
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API server on port ${options.port} did not answer in time; log: ${options.logFile}`);
    }
    await sleep(200);
  }
  return { url, port: options.port, logFile: options.logFile, stop, kill, pid: child.pid ?? 0, errors };
}
