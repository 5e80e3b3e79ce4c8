/**
 * Load and integrity run against started servers (prints figures; exits 1 when an invariant broke):
 *
 *   tsx load/run.ts --url http://127.0.0.1:4000 [--customers 20] [--seconds 30]
 *   tsx load/run.ts --url http://127.0.0.1:4600,http://127.0.0.1:4601 --database-url postgres://...
 *
 * N simulated customers (load/customer.ts; spread round-robin over the URLs, each staying on its own)
 * browse, search, fill a guest cart, sign in through the development SMS outbox, order and pay in the
 * sandbox until the time is up. Then: throughput and latency per route group, and the checks of
 * load/checks.ts. The servers need the development routes (not NODE_ENV=production) and auth limits
 * that let N customers sign in again and again (see load/integrity.ts for the settings it uses).
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '../src/db/postgres';
import { apiChecks, clientAddress, customerFailures, databaseChecks, responseChecks } from './checks';
import { Customer, type CustomerReport } from './customer';
import { CustomerHttp } from './http';
import { Recorder } from './stats';
import { seededRandom } from './util';

export interface LoadOptions {
  readonly urls: readonly string[];
  readonly customers: number;
  readonly seconds: number;
  readonly seed: number;
  /** Printed in the headings. */
  readonly label: string;
  /** A visitor's mean pause before each request, ms (each pause drawn from 0.5x to 1.5x); 0: none. */
  readonly thinkMs?: number;
  /** The instances' own addresses, for their development SMS outboxes (behind a proxy); default `urls`. */
  readonly smsOutboxes?: readonly string[];
}

export interface LoadResult {
  readonly options: LoadOptions;
  readonly elapsedSeconds: number;
  readonly customers: readonly CustomerReport[];
  /** The run's requests (the figures). */
  readonly recorder: Recorder;
  /** Violations so far: customers' own checks, the orders lists, 5xx and network failures. */
  readonly violations: string[];
}

/** Phones +38099XXXYYYY: XXX for the run (so runs on one database do not share accounts), YYYY the customer. */
function phoneOf(run: number, index: number): string {
  return `+38099${String(run).padStart(3, '0')}${String(index).padStart(4, '0')}`;
}

/**
 * The run's customers, spread round-robin over the URLs, each with its phone, client address and random
 * stream from the seed; `recorderOf` says where each one's requests are recorded.
 */
export function createCustomers(
  options: Pick<LoadOptions, 'urls' | 'customers' | 'seed' | 'thinkMs' | 'smsOutboxes'> & { readonly deadline: number },
  recorderOf: (index: number) => Recorder,
): Customer[] {
  const run = Math.floor(seededRandom(options.seed)() * 1000);
  const thinkMs = options.thinkMs ?? 0;
  return Array.from({ length: options.customers }, (_, index) => {
    // the pauses draw on a stream of their own: the customer's choices stay those of its seed
    const pauses = seededRandom(options.seed * 104_729 + index);
    return new Customer({
      index,
      http: new CustomerHttp(options.urls[index % options.urls.length] ?? '', recorderOf(index), clientAddress(index), {
        pause: () => (thinkMs > 0 ? thinkMs * (0.5 + pauses()) : 0),
        ...(options.smsOutboxes ? { smsOutboxes: options.smsOutboxes } : {}),
      }),
      phone: phoneOf(run, index),
      deadline: options.deadline,
      random: seededRandom(options.seed * 7919 + index),
    });
  });
}

/** Runs the customers until the time is up, then reads every customer's orders list. */
export async function driveLoad(options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const recorders: Recorder[] = [];
  const customers = createCustomers({ ...options, deadline: started + options.seconds * 1000 }, () => {
    const recorder = new Recorder();
    recorders.push(recorder);
    return recorder;
  });
  const reports = await Promise.all(customers.map((customer) => customer.run()));
  const elapsedSeconds = (Date.now() - started) / 1000;
  const recorder = Recorder.merge(recorders);

  const checkRecorder = new Recorder();
  const listViolations = await apiChecks(reports, checkRecorder, {
    ...(options.smsOutboxes ? { smsOutboxes: options.smsOutboxes } : {}),
  });
  const violations = [
    ...customerFailures(reports),
    ...listViolations,
    ...responseChecks(recorder),
    ...responseChecks(checkRecorder).map((v) => `during the checks: ${v}`),
  ];
  return { options, elapsedSeconds, customers: reports, recorder, violations };
}

/** Throughput, latency per route group, and what the customers did. */
export function printFigures(result: LoadResult): void {
  const { options, elapsedSeconds, customers, recorder } = result;
  const orders = customers.flatMap((c) => c.orders);
  const paid = orders.filter((o) => o.confirmed).length;
  const sum = (f: (c: CustomerReport) => number) => customers.reduce((n, c) => n + f(c), 0);
  const rate = (n: number) => (n / elapsedSeconds).toFixed(1);
  console.log(
    `\n## ${options.label}: ${options.customers} customers, ${(options.smsOutboxes ?? options.urls).length} instance(s), ` +
      `${elapsedSeconds.toFixed(1)} s (the last visits finish after the ${options.seconds} s)\n`,
  );
  console.log(
    `throughput: ${rate(recorder.total)} requests/s (${recorder.total} requests), ` +
      `${rate(orders.length)} orders/s placed (${orders.length}), ${rate(paid)} orders/s paid (${paid})`,
  );
  console.log(
    `visits ${sum((c) => c.visits)}, create-order repeats: ${sum((c) => c.retries.concurrent)} concurrent, ` +
      `${sum((c) => c.retries.sequential)} sequential, ${sum((c) => c.retries.afterPayment)} after payment; ` +
      `${sum((c) => c.declinedFirst)} payments declined first; a second tab: ${sum((c) => c.secondTab.orders)} ` +
      `orders of the same cart, ${sum((c) => c.secondTab.adds)} adds while ordering, ` +
      `${sum((c) => c.secondTab.payments)} payments started twice, ${sum((c) => c.secondTab.doubleClicks)} double clicks on Pay\n`,
  );
  console.log('| group | requests | p50 ms | p95 ms | p99 ms | max ms | 5xx | network errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const g of recorder.summary()) {
    console.log(
      `| ${g.group} | ${g.requests} | ${g.p50} | ${g.p95} | ${g.p99} | ${g.max} | ${g.status5xx} | ${g.networkErrors} |`,
    );
  }
}

/** The checks' outcome; true when all held. */
export function printChecks(label: string, result: LoadResult, databaseChecked: boolean): boolean {
  const orders = result.customers.flatMap((c) => c.orders);
  const merged = result.customers.reduce((n, c) => n + c.mergedGuestCarts.length, 0);
  console.log(`\n${label} checks:`);
  if (result.violations.length === 0) {
    console.log(
      `  ok: ${orders.filter((o) => o.confirmed).length} confirmed orders each exactly once (orders lists` +
        `${databaseChecked ? ' and database' : ''}), ${merged} merged carts lost no item, no 5xx, no network error`,
    );
    return true;
  }
  for (const violation of result.violations) console.log(`  VIOLATION: ${violation}`);
  return false;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      customers: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '30' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  if (!values.url) throw new Error('--url http://host:port[,http://host2:port] is required');
  const result = await driveLoad({
    urls: values.url.split(',').map((url) => url.trim()),
    customers: Number(values.customers),
    seconds: Number(values.seconds),
    seed: Number(values.seed ?? Date.now() % 1_000_000),
    label: 'load',
  });
  if (values['database-url']) {
    const db = await openPostgres({ connectionString: values['database-url'], max: 2 });
    try {
      result.violations.push(...(await databaseChecks(db, result.customers)));
    } finally {
      await db.close();
    }
  }
  printFigures(result);
  process.exitCode = printChecks('load', result, values['database-url'] !== undefined) ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
