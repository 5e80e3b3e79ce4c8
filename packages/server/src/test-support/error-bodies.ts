/**
 * Every error body carries the request's id (plugins/app/errors.ts), a new UUID per request. An
 * assertion that names an error body's code, message and field without a `requestId` compares the rest
 * exactly and only checks that the id is there; tests of the id itself name it (ops/operations.test.ts).
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error body (received) against an expected one that leaves the id out. */
function errorBodyWithId(
  this: { equals(a: unknown, b: unknown, testers: unknown[]): boolean },
  received: unknown,
  expected: unknown,
  testers: unknown[],
): boolean | undefined {
  if (!isRecord(received) || !isRecord(expected)) return undefined;
  if (typeof received.code !== 'string' || typeof received.requestId !== 'string' || !received.requestId)
    return undefined;
  if (!('code' in expected) || 'requestId' in expected) return undefined;
  const { requestId: _id, ...rest } = received;
  return this.equals(rest, expected, testers);
}

// jest's expect has it since 29.4; @types/jest does not declare it
(expect as unknown as { addEqualityTesters(testers: readonly unknown[]): void }).addEqualityTesters([errorBodyWithId]);
