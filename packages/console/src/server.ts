// The teams' console (docs/releases.md "The teams' console"): a Fastify plugin the deploy API registers.
// It serves the page at /console (public: the page signs in with a team token that it keeps in the tab and
// sends as `Authorization: Bearer`), its files under /console/assets/ (built ahead of time by the webpack
// factory: minified, each with its brotli and gzip copies; the entries no-cache, the hashed chunks
// immutable), and two reads the page needs beside the deploy API's own routes:
//
//   GET /v1/apps/:app/canary-report   the canary judge's figures and verdict now, by @lab/releases's canary rules on
//                                      the same samples the judge reads (GET /ops/canary)
//   GET /v1/apps/:app/vitals?hours=6  p75 LCP, p75 INP and the slot failure rate per release and time
//                                      bucket (GET /ops/vitals/series)
//
// The deploy API registers this plugin (packages/deploy/src/cli.mjs); its token check covers the two reads
// like its other /v1 routes (`config.access` 'read': any valid token reads every app, as GET
// /v1/deployment does; only moves are scoped), and the page and its files are public.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  type App,
  appOf,
  APPS as apps,
  type Canary,
  type DeploymentDocument as Deployment,
  type Move as HistoryEntry,
  judge,
  opsUrlFrom,
  p75,
  type Rules,
  readHistory as readAllHistory,
  readDeployment as readLiveDeployment,
  rulesFrom,
  type Sample,
  sample,
} from '@lab/releases';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifySchema {
    /** left out of the OpenAPI document (@fastify/swagger, registered by the deploy API) */
    hide?: boolean;
  }
}

export type { Deployment, HistoryEntry, Rules };

export interface ConsoleOptions {
  /** the API's operations port (default: OPS_URL, else http://127.0.0.1:$METRICS_PORT) */
  opsUrl?: string;
  /** the judge's rules (default: from the environment, as the judge reads them) */
  rules?: Rules;
  readDeployment?: () => Promise<Deployment>;
  readHistory?: () => Promise<readonly HistoryEntry[]>;
  /** the deploy API passes its token store to each of its plugins: not used here */
  tokens?: unknown;
}

/**
 * The built page's folder: beside this module once built (dist/server/server.mjs), the package's dist/
 * when this source runs itself.
 */
function pageFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const folder = basename(here) === 'server' ? join(here, '..') : join(here, '..', 'dist');
  if (!existsSync(join(folder, 'index.html'))) {
    throw new Error(`the console's page is not built (no ${join(folder, 'index.html')}): run npm run build`);
  }
  return folder;
}

/** A file name with its content hash (`[name].[contenthash:8].js`): its bytes never change. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/** Every file the page may ask for, by name: nothing outside this list is served. */
function assets(folder: string): Set<string> {
  return new Set(readdirSync(folder).filter((name) => /\.(js|css|map)$/.test(name) && !name.endsWith('.LICENSE.txt')));
}

/** The page and its policy: scripts and style sheets from this origin only. */
function page(folder: string): { html: string; policy: string } {
  const html = readFileSync(join(folder, 'index.html'), 'utf8');
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
}

/** What the console reads of one release's sample: counts and p75s, not the thousands of values. */
function figures(version: string, release: Sample) {
  return {
    version,
    pageViews: release.pageViews,
    failedViews: release.failedViews,
    failureRate: release.pageViews > 0 ? release.failedViews / release.pageViews : null,
    apiCalls: release.apiCalls,
    apiErrors: release.apiErrors,
    apiErrorRate: release.apiCalls > 0 ? release.apiErrors / release.apiCalls : null,
    lcpP75: p75(release.LCP),
    lcpSamples: release.LCP.length,
    inpP75: p75(release.INP),
    inpSamples: release.INP.length,
  };
}

/** The judge's measures by a name the page translates. */
const MEASURE_KEYS: Readonly<Record<string, string>> = {
  'slot failures': 'slotFailures',
  LCP: 'lcp',
  INP: 'inp',
  'API errors': 'apiErrors',
};

/** Since when the canary is compared: the judge's window, else the move that started it (its newest share). */
async function windowOf(app: App, canary: Canary, history: () => Promise<readonly HistoryEntry[]>): Promise<string> {
  if (typeof canary.judged === 'object' && canary.judged?.since) return canary.judged.since;
  const start = (await history())
    .filter((entry) => entry.app === app.dir && entry.version === canary.version)
    .filter((entry) => entry.action === 'canary' || entry.action === 'widen' || entry.action === 'promote')
    .at(-1);
  return start?.at ?? new Date(Date.now() - 3_600_000).toISOString();
}

/** The size of a chart's time bucket: about 36 points over the hours asked for. */
export function bucketMinutesFor(hours: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60];
  return steps.find((step) => (hours * 60) / step <= 40) ?? 60;
}

const problem = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
) => reply.status(status).send({ code, message, ...extra });

// The reads' schemas: validation, the answers' shapes and the OpenAPI document (@fastify/swagger).
const refused = Object.fromEntries([400, 401, 403, 404, 429, 503].map((status) => [status, { $ref: 'DeployError#' }]));
const params = {
  type: 'object',
  required: ['app'],
  properties: { app: { type: 'string', enum: apps.map((app) => app.dir), description: 'the app’s folder' } },
};
const number = { type: ['number', 'null'] };
const figuresSchema = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    pageViews: { type: 'integer' },
    failedViews: { type: 'integer', description: 'page views on which the release’s slot failed' },
    failureRate: number,
    apiCalls: { type: 'integer' },
    apiErrors: { type: 'integer' },
    apiErrorRate: number,
    lcpP75: number,
    lcpSamples: { type: 'integer' },
    inpP75: number,
    inpSamples: { type: 'integer' },
  },
};
const reportSchema = {
  summary:
    'The canary judge’s figures and verdict on the app’s canary now (the rules: @lab/releases, docs/releases.md)',
  params,
  response: {
    200: {
      type: 'object',
      properties: {
        app: { type: 'string' },
        generatedAt: { type: 'string', format: 'date-time' },
        live: { anyOf: [{ type: 'null' }, { type: 'object', properties: { version: { type: 'string' } } }] },
        canary: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: {
                version: { type: 'string' },
                percent: { type: 'integer' },
                judged: { type: 'boolean' },
                since: { type: 'string', description: 'the start of the window compared' },
              },
            },
          ],
        },
        figures: { type: 'object', properties: { stable: figuresSchema, canary: figuresSchema } },
        verdict: { type: 'string', enum: ['wait', 'widen', 'rollback'] },
        next: { type: 'integer', description: 'the share a widen goes to (100: promoted)' },
        reason: { type: 'string' },
        measures: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              key: { type: 'string', enum: Object.values(MEASURE_KEYS) },
              name: { type: 'string' },
              required: { type: 'boolean' },
              judged: { type: 'boolean' },
              worse: { type: 'boolean' },
              text: { type: 'string' },
            },
          },
        },
        rules: { type: 'object', additionalProperties: true },
      },
    },
    ...refused,
  },
};
const pointSchema = {
  type: 'object',
  properties: Object.fromEntries([
    ['at', { type: 'string', description: 'the bucket’s start' }],
    ...['pageViews', 'failedViews', 'lcpSamples', 'inpSamples'].map((name) => [name, { type: 'integer' }]),
    ['failureRate', { type: 'number' }],
    ['lcpP75', number],
    ['inpP75', number],
  ]),
};
const vitalsSchema = {
  summary: 'p75 LCP, p75 INP and the slot failure rate per release and time bucket over the last hours',
  params,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { hours: { type: 'integer', minimum: 1, maximum: 48, default: 6 } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        app: { type: 'string' },
        hours: { type: 'integer' },
        bucketMinutes: { type: 'integer' },
        from: { type: 'string' },
        to: { type: 'string' },
        releases: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              version: { type: 'string' },
              role: { type: 'string', enum: ['live', 'canary', 'earlier'] },
              points: { type: 'array', items: pointSchema },
            },
          },
        },
      },
    },
    ...refused,
  },
};

type AppParams = { app: string };

/** The console's page, its files and its two reads, on the deploy API. */
export default async function consolePlugin(app: FastifyInstance, options: ConsoleOptions = {}): Promise<void> {
  // the deploy API passes `{ tokens }` to each of its plugins: the console's own options sit beside it
  const opsUrl: string = options.opsUrl ?? opsUrlFrom();
  const rules: Rules = options.rules ?? rulesFrom();
  const deployment: () => Promise<Deployment> = options.readDeployment ?? readLiveDeployment;
  const history: () => Promise<readonly HistoryEntry[]> = options.readHistory ?? readAllHistory;
  const folder = pageFolder();
  const files = assets(folder);
  const { html, policy } = page(folder);
  const fromOps = async <T>(reply: FastifyReply, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      problem(reply, 503, 'ops-unavailable', `the API's operations port cannot be read: ${(error as Error).message}`);
      return null;
    }
  };

  const publicFile = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/console', publicFile, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(html),
  );

  // the address typed with a slash: the page (anything else under /console/ is not served)
  app.get('/console/', publicFile, async (_request, reply) => reply.redirect('/console', 301));

  // the built files by @fastify/static: its brotli or gzip copy when the browser takes it
  await app.register(async (assetRoutes) => {
    await assetRoutes.register(fastifyStatic, { root: folder, serve: false, preCompressed: true, etag: true });
    assetRoutes.get<{ Params: { file: string } }>('/console/assets/:file', publicFile, async (request, reply) => {
      const { file } = request.params;
      if (!files.has(file)) return problem(reply, 404, 'not-found', `no console asset ${file}`);
      reply.header('x-content-type-options', 'nosniff');
      if (HASHED.test(file)) return reply.sendFile(file, { maxAge: '365d', immutable: true });
      // the entry and its style sheet keep their names: asked again each time, answered 304 while unchanged
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(file, { cacheControl: false });
    });
  });

  app.get<{ Params: AppParams }>('/v1/apps/:app/canary-report', { schema: reportSchema }, async (request, reply) => {
    const target = appOf(request.params.app);
    const now = await deployment();
    const live = target.dir === 'shell' ? now.shell : now.remotes[target.name];
    const base = {
      app: target.dir,
      generatedAt: new Date().toISOString(),
      live: live ? { version: live.version } : null,
      rules,
    };
    const canary = target.dir === 'shell' ? undefined : now.remotes[target.name]?.canary;
    if (!live || !canary) return { ...base, canary: null };
    const since = await windowOf(target, canary, history);
    const samples = await fromOps(reply, () =>
      Promise.all([
        sample(opsUrl, target.name, live.version, since),
        sample(opsUrl, target.name, canary.version, since),
      ]),
    );
    if (!samples) return reply;
    const [stable, candidate] = samples;
    const verdict = judge(stable, candidate, canary.percent, rules);
    return {
      ...base,
      canary: { version: canary.version, percent: canary.percent, judged: Boolean(canary.judged), since },
      figures: { stable: figures(live.version, stable), canary: figures(canary.version, candidate) },
      verdict: verdict.verdict,
      ...(verdict.next !== undefined ? { next: verdict.next } : {}),
      reason: verdict.reason,
      measures: verdict.measures.map((measure) => ({ key: MEASURE_KEYS[measure.name], ...measure })),
    };
  });

  app.get<{ Params: AppParams; Querystring: { hours: number } }>(
    '/v1/apps/:app/vitals',
    { schema: vitalsSchema },
    async (request, reply) => {
      const target = appOf(request.params.app);
      const { hours } = request.query;
      if (target.dir === 'shell') {
        return problem(reply, 404, 'no-vitals', 'the shell reports no vitals of its own: see its remotes', {
          field: 'app',
        });
      }
      const bucketMinutes = bucketMinutesFor(hours);
      const url = new URL('/ops/vitals/series', opsUrl);
      url.search = new URLSearchParams({
        remote: target.name,
        hours: String(hours),
        bucketMinutes: String(bucketMinutes),
      }).toString();
      const series = await fromOps(reply, async () => {
        const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`);
        return (await answer.json()) as { from: string; to: string; releases: readonly { version: string }[] };
      });
      if (!series) return reply;
      const live = (await deployment()).remotes[target.name];
      const roleOf = (version: string) =>
        version === live?.canary?.version ? 'canary' : version === live?.version ? 'live' : 'earlier';
      return {
        app: target.dir,
        hours,
        bucketMinutes,
        from: series.from,
        to: series.to,
        releases: series.releases.map((release) => ({ ...release, role: roleOf(release.version) })),
      };
    },
  );
}
