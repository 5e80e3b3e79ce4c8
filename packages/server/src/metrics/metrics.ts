/**
 * The API's Prometheus metrics (prom-client), one registry per app instance so that tests building
 * several apps never share counters. Scraped from the operations port (ops/server.ts), never from the
 * public site. The names and what to alert on are in packages/server/README.md, "Metrics".
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database';

export interface Metrics {
  readonly registry: Registry;
  /** Every answered request: method, route pattern ("unmatched" for 404s of no route), status. */
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly signInCodesSent: Counter;
  /** A sign-in step refused (rate limits, wrong or expired codes ...), by the error code answered. */
  readonly signInRefusals: Counter<'code'>;
  readonly ordersCreated: Counter;
  readonly ordersPaid: Counter;
  readonly paymentCallbacks: Counter<'outcome'>;
  readonly vitalsBeacons: Counter<'outcome'>;
  /** Public catalogue answers: from the cache, computed, joined to a computation under way, or 304. */
  readonly publicCache: Counter<'outcome'>;
  /** Result messages of the laboratory's information system: accepted, or refused by error code. */
  readonly lisMessages: Counter<'outcome'>;
  /** Notifications (results ready) leaving the outbox: sent, retry, failed, skipped (turned off). */
  readonly notifications: Counter<'outcome'>;
}

export interface MetricsOptions {
  /** Process figures (CPU, memory, event-loop lag, handles, GC): the running server's, not a test's. */
  readonly processMetrics?: boolean;
  /** The database's connections, read at each scrape. */
  readonly pool?: () => PoolStats;
}

/** Seconds; the API's answers are mostly milliseconds, a PDF or a search at peak up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'lab_db_connections',
      help: 'Database connections by state (PGlite: its one session)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'lab_db_waiting',
      help: 'Callers waiting for a database connection (PGlite: statements queued behind the running one)',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'lab_http_request_duration_seconds',
      help: 'API requests by method, route pattern and status: latency (its _count is the request count)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    signInCodesSent: new Counter({
      name: 'lab_sign_in_codes_sent_total',
      help: 'Sign-in and confirmation codes handed to the SMS gateway',
      registers: [registry],
    }),
    signInRefusals: new Counter({
      name: 'lab_sign_in_refusals_total',
      help: 'Sign-in steps refused, by the error code answered',
      labelNames: ['code'],
      registers: [registry],
    }),
    ordersCreated: new Counter({
      name: 'lab_orders_created_total',
      help: 'Orders placed (a repeated request for the same order is not counted again)',
      registers: [registry],
    }),
    ordersPaid: new Counter({
      name: 'lab_orders_paid_total',
      help: 'Orders paid online (accepted successful payment callbacks)',
      registers: [registry],
    }),
    paymentCallbacks: new Counter({
      name: 'lab_payment_callbacks_total',
      help: "The payment provider's callbacks: accepted, or refused (bad signature, replay, mismatch)",
      labelNames: ['outcome'],
      registers: [registry],
    }),
    vitalsBeacons: new Counter({
      name: 'lab_vitals_beacons_total',
      help: 'Real-user beacons (web vitals and remote failures): stored or refused',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    publicCache: new Counter({
      name: 'lab_public_cache_answers_total',
      help: 'Public catalogue answers by outcome: hit, miss, joined (a computation under way), not-modified (304)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    lisMessages: new Counter({
      name: 'lab_lis_messages_total',
      help: "Result messages of the laboratory's information system: accepted, or the refusal's code",
      labelNames: ['outcome'],
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'lab_notifications_total',
      help: 'Results-ready SMS leaving the outbox: sent, retry (failed, tried again later), failed (gave up), skipped (turned off)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}
