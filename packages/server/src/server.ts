/**
 * Entry point: opens the database (PGlite in PGLITE_DATA_DIR, or PostgreSQL at DATABASE_URL), applies
 * migrations, seeds an empty database (seed/prepare.ts), and listens on HOST:PORT (0.0.0.0:4000), with
 * the operations port (metrics, real-user vitals) on METRICS_HOST:METRICS_PORT (127.0.0.1:9464).
 * SIGINT/SIGTERM: readiness and new requests answer 503, in-flight requests finish, then the database
 * closes (a PGlite folder is then clean; after a SIGKILL PostgreSQL's recovery replays its WAL on open).
 */
import { buildApp } from './app';
import { startBackgroundJobs } from './background';
import { serverEnv } from './config';
import { describeDatabase, openDatabase } from './db/open';
import { createMetrics } from './metrics/metrics';
import { buildOpsServer } from './ops/server';
import { seedData } from './seed/data';
import { prepareDatabase } from './seed/prepare';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const started = Date.now();
  const env = serverEnv();
  const db = await openDatabase(env);
  const metrics = createMetrics({ processMetrics: true, pool: () => db.poolStats() });
  const app = await buildApp({ db, logger: { level: env.logLevel }, metrics });
  const ops = await buildOpsServer(app);
  const log = (line: string) => app.log.info(line);
  log(`database: ${describeDatabase(env)} (opened in ${Date.now() - started} ms)`);
  if (process.env.NODE_ENV === 'production' && !process.env.COOKIE_SECRET) {
    app.log.warn('COOKIE_SECRET is not set: cookies are signed with the development secret');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await ops.close();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // migrations, the seed of an empty database and the demo accounts (DEMO_DATA: on by default outside
    // production), one instance at a time when several start on one PostgreSQL
    await prepareDatabase(db, {
      seed: seedData,
      demo: app.config.orders.demoData,
      lisDevKey: app.config.results.lisDevKey,
      log,
    });
    const stopJobs = startBackgroundJobs(app);
    app.addHook('onClose', async () => stopJobs());
    await app.listen({ port: env.port, host: env.host });
    if (env.metricsPort !== null) {
      // a second instance on one machine without its own METRICS_PORT still serves the site
      await ops.listen({ port: env.metricsPort, host: env.metricsHost }).then(
        (address) => log(`metrics and real-user vitals at ${address}/metrics and ${address}/ops`),
        (error: unknown) => app.log.warn({ err: error }, `operations port ${env.metricsPort} not opened`),
      );
    }
    const memory = Math.round(process.memoryUsage().rss / 1024 / 1024);
    log(`ready in ${Date.now() - started} ms, ${memory} MB resident; docs at /api/docs`);
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(1);
  }
}

void main();
