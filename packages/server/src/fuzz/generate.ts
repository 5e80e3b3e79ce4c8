/**
 * Deterministic input generation for the OpenAPI fuzz test (openapi.test.ts): a seeded PRNG, valid
 * values from a JSON schema, and hostile values for each field. Nothing here knows a route by name;
 * everything comes from the document the app serves.
 */

/** The parts of JSON Schema the contract uses (TypeBox output, inlined by @fastify/swagger). */
export interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly pattern?: string;
  readonly format?: string;
}

/** Text written into the URL or the JSON body as it is (not encoded, not quoted): `NaN`, `%E0%A4%A`. */
export class Raw {
  constructor(readonly text: string) {}
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a text (FNV-1a), so each route has its own sequence. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `count` distinct elements of `items` in a random (seeded) order. */
export function sample<T>(random: () => number, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

export function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const HUGE = 'a'.repeat(100_000);
const HUGE_CYRILLIC = 'ф'.repeat(50_000); // 100 KB of UTF-8

/** Strings nobody should choke on. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '🧪💉👩‍⚕️',
  '\u202Eabc\u200F',
  "'; DROP TABLE services;--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\uD800', // a lone surrogate: valid JSON (\ud800), not valid UTF-8
  '\u0024{7*7}{{7*7}}', // template-injection probe (\u0024 is $)
  '١٢٣',
  'NaN',
  '-1',
  '99999999999999999999',
  '1,2147483648',
  HUGE,
  HUGE_CYRILLIC,
];

/** Numbers outside every range the contract allows, and numeric-looking text. */
export const ODD_NUMBERS: readonly unknown[] = [
  -1,
  0,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1.5,
  new Raw('1e309'),
  new Raw('-0'),
  'NaN',
  'Infinity',
  '0x10',
  '1e3',
  ' 1',
];

/** Values of the wrong JSON type for a schema. */
export function wrongTypes(schema: JsonSchema): unknown[] {
  const type = schema.type ?? schema.anyOf?.find((branch) => branch.type !== 'null')?.type;
  switch (type) {
    case 'integer':
    case 'number':
      return ['abc', true, {}, [], null, [1, 2]];
    case 'boolean':
      return ['maybe', 2, {}, [], null];
    case 'array':
      return ['x', {}, 1, null, [{}], [[1]], ['abc']];
    case 'object':
      return [[], 'x', 1, null, true];
    default:
      return [123, true, {}, [], null, ['a', 'b']];
  }
}

const PATTERN_CANDIDATES = ['ferritin', 'a', 'Тарас', '10:00', '1234', '1,2', '+380501112233', 'about'];

function validString(schema: JsonSchema, random: () => number): string {
  switch (schema.format) {
    case 'uuid':
      return uuid(random);
    case 'date':
      return '2026-11-20';
    case 'date-time':
      return '2026-11-20T10:00:00.000Z';
    case 'email':
      return 'fuzz@example.com';
    default:
      break;
  }
  let value = 'a';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    value = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? 'a';
  }
  while (value.length < (schema.minLength ?? 0)) value += value.slice(-1) || 'a';
  return value;
}

/** A value the schema accepts (not necessarily one the data knows). */
export function validValue(schema: JsonSchema, random: () => number): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf) {
    const branch = schema.anyOf.find((b) => b.type !== 'null') ?? schema.anyOf[0];
    return branch ? validValue(branch, random) : null;
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'string':
      return validString(schema, random);
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        schema.items ? validValue(schema.items, random) : 1,
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) out[name] = validValue(property, random);
      return out;
    }
    case 'null':
      return null;
    default:
      return 'a';
  }
}

/** The schema in effect (the first non-null branch of a nullable anyOf). */
function effective(schema: JsonSchema): JsonSchema {
  if (!schema.anyOf) return schema;
  const branches = schema.anyOf.filter((b) => b.type !== 'null');
  return branches.length === 1 && branches[0] ? effective(branches[0]) : schema;
}

export interface FieldPath {
  readonly path: readonly (string | number)[];
  readonly schema: JsonSchema;
  readonly required: boolean;
}

/** Every field of an object schema, nested objects and first array items included (depth-limited). */
export function fieldsOf(schema: JsonSchema, prefix: readonly (string | number)[] = [], depth = 0): FieldPath[] {
  const out: FieldPath[] = [];
  const object = effective(schema);
  if (depth > 2 || object.type !== 'object') return out;
  for (const [name, raw] of Object.entries(object.properties ?? {})) {
    const path = [...prefix, name];
    out.push({ path, schema: raw, required: (object.required ?? []).includes(name) });
    const inner = effective(raw);
    if (inner.type === 'object') out.push(...fieldsOf(inner, path, depth + 1));
    if (inner.type === 'array' && inner.items) {
      out.push({ path: [...path, 0], schema: inner.items, required: true });
    }
  }
  return out;
}

/** Hostile values for one field, `perField` at most, chosen by the PRNG. */
export function hostileValues(schema: JsonSchema, random: () => number, perField: number): unknown[] {
  const inner = effective(schema);
  const type = inner.type ?? (inner.anyOf ? 'string' : undefined);
  const pool: unknown[] = [...wrongTypes(inner)];
  if (type === 'integer' || type === 'number') pool.push(...ODD_NUMBERS, ...sample(random, ODD_STRINGS, 3));
  else if (type === 'string') pool.push(...ODD_STRINGS, ...sample(random, ODD_NUMBERS, 2));
  else pool.push(...sample(random, ODD_STRINGS, 3), ...sample(random, ODD_NUMBERS, 2));
  // always the huge string and the SQL text for text fields: those are the ones most likely to reach SQL
  const must: unknown[] =
    type === 'string'
      ? [HUGE, "'; DROP TABLE services;--", '\u0000']
      : type === 'integer' || type === 'number'
        ? [2 ** 31, 1e308, 'Infinity']
        : [];
  const rest = sample(
    random,
    pool.filter((value) => !must.includes(value)),
    Math.max(0, perField - must.length),
  );
  return [...must, ...rest];
}

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

/** A copy of `root` with the value at `path` replaced (or removed when `value` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withValue(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (last === undefined) return value;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

/** JSON text of a body that may hold Raw values (written unquoted). */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@RAW${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? '').replace(/"@@RAW(\d+)@@"/g, (_m, index: string) => raws[Number(index)] ?? '');
}

/** A value as one query-string or path segment (encoded unless Raw). */
export function urlText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // a lone surrogate has no UTF-8 form: send the bytes a careless encoder would (WTF-8), invalid UTF-8
  return (text ?? '')
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((piece) =>
      /^[\uD800-\uDFFF]$/.test(piece)
        ? `%${[0xed, 0xa0 | ((piece.charCodeAt(0) >> 6) & 0x1f), 0x80 | (piece.charCodeAt(0) & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}`
        : encodeURIComponent(piece),
    )
    .join('');
}

/** A short description of a value for failure messages (never the 100 KB itself). */
export function describe(value: unknown): string {
  if (value instanceof Raw) return `raw(${value.text})`;
  if (typeof value === 'string' && value.length > 40) return `string(${value.length} chars)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
