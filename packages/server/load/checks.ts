/**
 * The integrity checks after a load run; each answers the violations it found (empty: it holds).
 *  - every customer's own orders list (through the API) shows each order it placed exactly once, paid
 *    ones as paid, and, for accounts the run created, nothing else;
 *  - in the database (when there is one to ask): one row per placed order with the cart's lines, paid
 *    ones with exactly one successful payment, no order of a run-made account that the customer did not
 *    place (a retry that made a second order), no merged guest cart left behind;
 *  - no 5xx answer and no network failure.
 */
import type { Order, RegistriesResponse } from '@lab/api/contract';
import type { Queryable } from '../src/db/database';
import { type CustomerReport, isPaidState } from './customer';
import { CustomerHttp } from './http';
import { signIn, signOut } from './sign-in';
import type { Recorder } from './stats';
import { expectStatus } from './util';

/** Failures that stopped customers (a broken invariant during the run, or an unexpected answer). */
export function customerFailures(customers: readonly CustomerReport[]): string[] {
  return customers.flatMap((c) =>
    c.failure
      ? [`customer ${c.index} (${c.phone} on ${c.baseUrl}) stopped: ${c.failure.kind}: ${c.failure.message}`]
      : [],
  );
}

export function responseChecks(recorder: Recorder): string[] {
  const { fiveXx, network } = recorder.failures();
  const count = (list: readonly string[]) => {
    const by = new Map<string, number>();
    for (const item of list) by.set(item, (by.get(item) ?? 0) + 1);
    return [...by].map(([key, n]) => `${key} x${n}`).join(', ');
  };
  const violations: string[] = [];
  if (fiveXx.length > 0) {
    violations.push(`${fiveXx.length} 5xx answer(s): ${count(fiveXx.map((f) => `${f.route} ${f.status}`))}`);
  }
  if (network.length > 0) violations.push(`${network.length} network failure(s): ${count(network)}`);
  return violations;
}

/**
 * Signs each customer in once more and reads its orders list, all pages. `crashed`: an order nobody saw
 * answered may be listed too (see databaseChecks).
 */
export async function apiChecks(
  customers: readonly CustomerReport[],
  recorder: Recorder,
  options: { crashed?: boolean; smsOutboxes?: readonly string[] } = {},
): Promise<string[]> {
  const results = await Promise.all(
    customers
      .filter((c) => c.orders.length > 0)
      .map(async (c) => {
        const http = new CustomerHttp(c.baseUrl, recorder, clientAddress(c.index), {
          ...(options.smsOutboxes ? { smsOutboxes: options.smsOutboxes } : {}),
        });
        try {
          await signIn(http, c.phone, c.sex);
          const listed: Order[] = [];
          for (let page = 0; ; page++) {
            const reply = await http.request<RegistriesResponse>(
              'registriesList',
              `/api/private/admin-app/registries/self?page=${page}&size=100&customer-type=patient`,
            );
            expectStatus(reply, 200, 'registriesList');
            listed.push(...reply.body.content);
            if (page + 1 >= reply.body.totalPages) break;
          }
          await signOut(http);
          return orderListViolations(c, listed, options.crashed ?? false);
        } catch (error) {
          return [`customer ${c.index}: orders list not read: ${error instanceof Error ? error.message : error}`];
        }
      }),
  );
  return results.flat();
}

function orderListViolations(c: CustomerReport, listed: readonly Order[], crashed: boolean): string[] {
  const who = `customer ${c.index} (${c.phone})`;
  const violations: string[] = [];
  const seen = new Map<string, Order[]>();
  for (const order of listed) seen.set(order.id, [...(seen.get(order.id) ?? []), order]);
  for (const placed of c.orders) {
    const found = seen.get(placed.id) ?? [];
    if (found.length !== 1) {
      violations.push(`${who}: order ${placed.id} is listed ${found.length} times`);
      continue;
    }
    const [order] = found as [Order];
    if (placed.confirmed && !isPaidState(order.state)) {
      violations.push(`${who}: confirmed order ${placed.id} is listed as ${order.state}`);
    }
  }
  const placedIds = new Set(c.orders.map((o) => o.id));
  const unknown = listed.filter((order) => !placedIds.has(order.id));
  if (c.registered && !crashed && unknown.length > 0) {
    violations.push(`${who}: ${unknown.length} order(s) it never placed: ${unknown.map((o) => o.id).join(', ')}`);
  }
  return violations;
}

interface OrderFacts {
  id: string;
  phone: string;
  paid: boolean;
  items: number;
  succeeded: number;
}

/**
 * Every answered order once, with its items; a confirmed payment kept. `crashed`: the server died under
 * load, so an order may exist whose creation was never answered (committed, then killed before the
 * reply): an account may hold more orders than its customer saw placed, never fewer.
 */
export async function databaseChecks(
  db: Queryable,
  customers: readonly CustomerReport[],
  options: { crashed?: boolean } = {},
): Promise<string[]> {
  const violations: string[] = [];
  const placed = customers.flatMap((c) => c.orders.map((order) => ({ customer: c, order })));
  const rows = await db.query<OrderFacts>(
    `SELECT o.id, u.phone, o.paid_at IS NOT NULL AS paid,
            (SELECT count(*) FROM order_items i WHERE i.order_id = o.id AND NOT i.additional)::int AS items,
            (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded')::int AS succeeded
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.id = ANY($1::uuid[])`,
    [placed.map((p) => p.order.id)],
  );
  const byId = new Map<string, OrderFacts[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  for (const { customer, order } of placed) {
    const found = byId.get(order.id) ?? [];
    const what = `order ${order.id} of customer ${customer.index}`;
    if (found.length !== 1) {
      violations.push(`${what}: ${found.length} rows in orders`);
      continue;
    }
    const [row] = found as [OrderFacts];
    if (row.phone !== customer.phone) violations.push(`${what}: belongs to ${row.phone}`);
    if (row.items !== order.serviceIds.length) {
      violations.push(`${what}: ${row.items} item rows, the cart held ${order.serviceIds.length}`);
    }
    if (row.succeeded > 1) violations.push(`${what}: paid ${row.succeeded} times`);
    if (order.confirmed && (!row.paid || row.succeeded !== 1)) {
      violations.push(
        `${what}: confirmed, but paid_at ${row.paid ? 'set' : 'null'}, ${row.succeeded} successful payments`,
      );
    }
  }

  const made = customers.filter((c) => c.registered);
  const counts = await db.query<{ phone: string; users: number; orders: number }>(
    `SELECT u.phone, count(DISTINCT u.id)::int AS users, count(o.id)::int AS orders
       FROM users u LEFT JOIN orders o ON o.user_id = u.id WHERE u.phone = ANY($1::text[]) GROUP BY u.phone`,
    [made.map((c) => c.phone)],
  );
  for (const c of made) {
    const row = counts.find((r) => r.phone === c.phone);
    if (!row) violations.push(`customer ${c.index}: no user with phone ${c.phone}`);
    else if (options.crashed ? row.orders < c.orders.length : row.orders !== c.orders.length) {
      violations.push(`customer ${c.index} (${c.phone}): ${row.orders} orders stored, ${c.orders.length} placed`);
    }
  }

  const leftover = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM carts WHERE id = ANY($1::uuid[])', [
    customers.flatMap((c) => c.mergedGuestCarts),
  ]);
  if (leftover.n > 0) violations.push(`${leftover.n} merged guest cart(s) still stored`);
  return violations;
}

/** The client address a customer poses as (X-Forwarded-For), the same during the run and the checks. */
export function clientAddress(index: number): string {
  return `10.77.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}
