/**
 * Timers of a running server (not of tests, which build the app without them):
 *  - housekeeping every 10 minutes: expired sessions, old codes, resend gates and rate counters, page
 *    views of real-user monitoring older than a month;
 *  - the development lab clock (DEV_CLOCK_INTERVAL_MS, never in production): paid orders move one step
 *    along the display states and get results (domain/lab-progress.ts);
 *  - the notification outbox (NOTIFY_INTERVAL_MS; 0 leaves sending to other instances): the results-ready
 *    SMS that are due go out, failures are retried later (domain/notifications.ts).
 * Returns a function that stops them.
 */
import type { FastifyInstance } from 'fastify';
import { advanceOrders } from './domain/lab-progress';
import { deliverNotifications } from './domain/notifications';

const HOUSEKEEPING_MS = 10 * 60_000;
const KEEP_MS = 24 * 3600_000;
/** Real-user page views are kept a month: enough to compare this release with the last few. */
const KEEP_PAGE_VIEWS_MS = 30 * 24 * 3600_000;

export function startBackgroundJobs(app: FastifyInstance): () => void {
  const timers: NodeJS.Timeout[] = [];
  const housekeeping = async () => {
    const before = new Date(app.clock().getTime() - KEEP_MS);
    await app.repos.sessions.purge(before);
    await app.repos.auth.purge(before);
    await app.repos.vitals.purge(new Date(app.clock().getTime() - KEEP_PAGE_VIEWS_MS));
  };
  timers.push(
    setInterval(() => housekeeping().catch((err) => app.log.warn({ err }, 'housekeeping failed')), HOUSEKEEPING_MS),
  );

  const interval = app.config.orders.devClockIntervalMs;
  if (!app.config.production && interval > 0) {
    let running = false;
    timers.push(
      setInterval(() => {
        if (running) return;
        running = true;
        advanceOrders(app, { orderId: null })
          .then((moved) => {
            if (moved > 0) app.log.info(`development lab clock: ${moved} order(s) moved on`);
          })
          .catch((err) => app.log.warn({ err }, 'development lab clock failed'))
          .finally(() => {
            running = false;
          });
      }, interval),
    );
  }
  const notifyInterval = app.config.results.notifyIntervalMs;
  if (notifyInterval > 0) {
    let sending = false;
    const deps = {
      db: app.db,
      sms: app.sms,
      clock: app.clock,
      settings: app.config.results,
      metrics: app.metrics,
      log: app.log,
    };
    timers.push(
      setInterval(() => {
        if (sending) return;
        sending = true;
        deliverNotifications(deps)
          .then((report) => {
            if (report.sent + report.failed + report.skipped > 0)
              app.log.info({ notifications: report }, 'notifications');
          })
          .catch((err) => app.log.warn({ err }, 'notification delivery failed'))
          .finally(() => {
            sending = false;
          });
      }, notifyInterval),
    );
  }
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
