/** Small helpers of the load run: a seeded random source, the two kinds of failure, status checks. */

/** A number in [0, 1). */
export type Random = () => number;

/** mulberry32: a small seeded generator, so a run's choices can be repeated with --seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

export function pickMany<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(random() * pool.length), 1);
    if (item !== undefined) chosen.push(item);
  }
  return chosen;
}

/** An integrity invariant broke (a lost cart item, a second order, a double payment ...). */
export class Violation extends Error {}

/** The server answered what the flow does not allow (a 4xx where a customer gets 200). */
export class UnexpectedStatus extends Error {}

/** The error code of an error body, for messages. */
function codeOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'code' in body) return String((body as { code: unknown }).code);
  return typeof body === 'string' ? body.slice(0, 80) : '';
}

// structural (any of http.ts's replies fits), so this module needs nothing from http.ts, which needs it
export function expectStatus(
  reply: { readonly status: number; readonly body: unknown },
  status: number,
  route: string,
): void {
  if (reply.status !== status) {
    throw new UnexpectedStatus(`${route}: ${reply.status} ${codeOf(reply.body)} (expected ${status})`);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sorted copy, for comparing sets of ids in messages. */
export const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** What `expected` has that `actual` lacks, and the reverse. */
export function difference(expected: Iterable<number>, actual: Iterable<number>): { lost: number[]; extra: number[] } {
  const e = new Set(expected);
  const a = new Set(actual);
  return { lost: sorted([...e].filter((id) => !a.has(id))), extra: sorted([...a].filter((id) => !e.has(id))) };
}
