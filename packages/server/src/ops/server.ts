/**
 * The operations port (METRICS_PORT, default 9464, bound to 127.0.0.1): never reachable through the
 * public site or the shell's /api proxy.
 *   GET /metrics      Prometheus text format (metrics/metrics.ts)
 *   GET /ops/vitals   real-user vitals and failures per remote release and route, JSON (?minutes=60)
 *   GET /ops          the same per release as a small HTML table, canary beside stable
 *   GET /ops/canary   one release's page views since a moment, for the canary judge (?remote=&version=&since=)
 *   GET /ops/vitals/series  one remote's releases per time bucket: page views, slot failures, p75 LCP and
 *                     INP, for the teams' console's chart (?remote=&hours=6&bucketMinutes=10)
 *   GET /health       the operations port itself answers
 *   POST /ops/backup  a backup of the embedded database, taken while it serves (npm run db:backup)
 */
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { isPglite } from '../db/backup';
import { FAILURE_KINDS, type ReleaseVitals, VITAL_NAMES } from '../repositories/vitals';

const Window = Type.Object(
  { minutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: 60 }) },
  { additionalProperties: false },
);

const Sample = Type.Object(
  {
    remote: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' }),
    version: Type.String({ pattern: '^[A-Za-z0-9.+_-]{1,80}$' }),
    since: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

const Series = Type.Object(
  {
    remote: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' }),
    hours: Type.Integer({ minimum: 1, maximum: 7 * 24, default: 6 }),
    // at most 7 days / 1 minute buckets would be 10 080 rows per release: the bucket is 1 minute at least
    bucketMinutes: Type.Integer({ minimum: 1, maximum: 24 * 60, default: 10 }),
  },
  { additionalProperties: false },
);

export async function buildOpsServer(app: FastifyInstance): Promise<FastifyInstance> {
  const ops = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: true, useDefaults: true } } });

  ops.get('/health', async () => ({ status: 'ok' }));

  ops.get('/metrics', async (_request, reply) => {
    reply.header('content-type', app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });

  ops.get<{ Querystring: { minutes: number } }>(
    '/ops/vitals',
    { schema: { querystring: Window } },
    async (request) => ({
      windowMinutes: request.query.minutes,
      generatedAt: app.clock().toISOString(),
      releases: await app.repos.vitals.aggregate(request.query.minutes),
    }),
  );

  ops.get<{ Querystring: { remote: string; version: string; since: string } }>(
    '/ops/canary',
    { schema: { querystring: Sample } },
    async (request) =>
      app.repos.vitals.sample(request.query.remote, request.query.version, new Date(request.query.since)),
  );

  ops.get<{ Querystring: { remote: string; hours: number; bucketMinutes: number } }>(
    '/ops/vitals/series',
    { schema: { querystring: Series } },
    async (request) => {
      const { remote, hours, bucketMinutes } = request.query;
      const to = app.clock();
      return {
        remote,
        hours,
        bucketMinutes,
        from: new Date(to.getTime() - hours * 3_600_000).toISOString(),
        to: to.toISOString(),
        releases: await app.repos.vitals.series(remote, hours, bucketMinutes),
      };
    },
  );

  ops.get<{ Querystring: { minutes: number } }>('/ops', { schema: { querystring: Window } }, async (request, reply) => {
    const rows = await app.repos.vitals.aggregate(request.query.minutes);
    reply.header('content-type', 'text/html; charset=utf-8');
    return opsPage(rows, request.query.minutes);
  });

  ops.post('/ops/backup', async (_request, reply) => {
    if (!isPglite(app.db)) {
      return reply.status(409).send({ code: 'not-embedded', message: 'PostgreSQL: use pg_dump (see the README)' });
    }
    const dump = await app.db.dumpDataDir('gzip');
    reply.header('content-type', 'application/gzip');
    return reply.send(Buffer.from(await dump.arrayBuffer()));
  });

  return ops;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const cell = (value: number | null, samples: number) =>
  value === null ? '<td>–</td>' : `<td>${value}<small> (${samples})</small></td>`;

/** The failures by how the slot failed, when there were any: `load 1, integrity 2`. */
const byKind = (row: ReleaseVitals) => {
  const kinds = FAILURE_KINDS.filter((kind) => row.failuresByKind[kind] > 0);
  return kinds.length
    ? `<small> (${kinds.map((kind) => `${kind} ${row.failuresByKind[kind]}`).join(', ')})</small>`
    : '';
};

function table(rows: readonly ReleaseVitals[], withRoute: boolean): string {
  const head = [
    'remote',
    'version',
    ...(withRoute ? ['route'] : []),
    'page views',
    ...VITAL_NAMES.map((n) => `${n} p75`),
    'failures',
  ];
  const body = rows
    .map(
      (row) =>
        `<tr><td class="t">${escapeHtml(row.remote)}</td><td class="t"><code>${escapeHtml(row.version)}</code></td>${
          withRoute ? `<td class="t"><code>${escapeHtml(row.route ?? '')}</code></td>` : ''
        }<td>${row.pageViews}</td>${VITAL_NAMES.map((name) => cell(row.p75[name], row.samples[name])).join('')}<td${
          row.failures > 0 ? ' class="bad"' : ''
        }>${row.failures}${byKind(row)}</td></tr>`,
    )
    .join('\n');
  const textColumns = withRoute ? 3 : 2;
  const cells = head.map((h, index) => `<th${index < textColumns ? ' class="t"' : ''}>${h}</th>`).join('');
  return `<table><thead><tr>${cells}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** One row per remote release (all routes), then the same per route. */
export function opsPage(rows: readonly ReleaseVitals[], minutes: number): string {
  const releases = rows.filter((row) => row.route === null);
  const routes = rows.filter((row) => row.route !== null);
  const empty = '<p>No page views reported in this window.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Real-user vitals per remote release</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#1d2b2f}table{border-collapse:collapse;margin:8px 0 24px}
th,td{border:1px solid #c9d4d6;padding:4px 8px;text-align:right}.t{text-align:left}
small{color:#5c6b6e}.bad{color:#a4161a;font-weight:600}</style></head><body>
<h1>Real-user vitals per remote release</h1>
<p>Last ${minutes} minutes. p75 in milliseconds (CLS: score), samples in brackets. <a href="/ops/vitals?minutes=${minutes}">JSON</a></p>
<h2>Per release</h2>${releases.length > 0 ? table(releases, false) : empty}
<h2>Per release and route</h2>${routes.length > 0 ? table(routes, true) : empty}
</body></html>`;
}
