// The teams' console (docs/releases.md "The teams' console"): a Fastify plugin the deploy API registers.
// It serves the page at /console (public: the page signs in with a team token that it keeps in the tab and
// sends as `Authorization: Bearer`), and two reads the page needs beside the deploy API's own routes:
//
//   GET /v1/apps/:app/canary-report   the canary judge's figures and verdict now, by canary-rules.mjs on
//                                      the same samples the judge reads (GET /ops/canary)
//   GET /v1/apps/:app/vitals?hours=6  p75 LCP, p75 INP and the slot failure rate per release and time
//                                      bucket (GET /ops/vitals/series)
//
// The deploy API registers this plugin (packages/deploy/src/cli.mjs); its token check covers the two reads
// like its other /v1 routes (`config.access` 'read': any valid token reads every app, as GET
// /v1/deployment does; only moves are scoped), and the page and its files are public.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opsUrlFrom, rulesFrom, sample } from '../../../scripts/canary-judge.mjs';
import { judge, p75 } from '../../../scripts/canary-rules.mjs';
import { apps } from '../../../scripts/lib.mjs';
import { appOf, readDeployment, readHistory } from '../../../scripts/releases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..');
const require = createRequire(import.meta.url);

/** The page's own modules (tsc's output), built from src/page when missing or older than a source. */
export function buildPage({ force = false } = {}) {
  const out = join(packageRoot, 'dist');
  const newest = (dir, ending) =>
    Math.max(
      0,
      ...readdirSync(dir)
        .filter((name) => name.endsWith(ending))
        .map((name) => statSync(join(dir, name)).mtimeMs),
    );
  const stale = force || !existsSync(join(out, 'main.js')) || newest(join(here, 'page'), '.ts') > newest(out, '.js');
  if (stale) {
    // the repository's TypeScript (root devDependency): its compiler emits the modules the browser loads
    const typescript = dirname(require.resolve('typescript/package.json', { paths: [join(packageRoot, '../..')] }));
    const tsc = join(typescript, JSON.parse(readFileSync(join(typescript, 'package.json'), 'utf8')).bin.tsc);
    execFileSync(process.execPath, [tsc, '-p', packageRoot], { stdio: 'inherit' });
  }
  return out;
}

const LANGUAGES = ['uk', 'en'];

/** Every file the page loads, by the name it asks for: nothing outside this list is served. */
function assets() {
  const dist = buildPage();
  const uplot = dirname(require.resolve('uplot/package.json'));
  const ui = dirname(require.resolve('@lab/ui/package.json'));
  const files = new Map([
    ['console.css', { path: join(here, 'page', 'console.css'), type: 'text/css' }],
    ['tokens.css', { path: join(ui, 'src', 'tokens.css'), type: 'text/css' }],
    ['uPlot.min.css', { path: join(uplot, 'dist', 'uPlot.min.css'), type: 'text/css' }],
    ['uPlot.esm.js', { path: join(uplot, 'dist', 'uPlot.esm.js'), type: 'text/javascript' }],
  ]);
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js'))) {
    files.set(name, { path: join(dist, name), type: 'text/javascript' });
  }
  for (const language of LANGUAGES) {
    files.set(`${language}.json`, { path: join(here, 'i18n', `${language}.json`), type: 'application/json' });
  }
  return files;
}

/** The page: its import map names uPlot's module; the policy allows that inline script by its hash only. */
function page() {
  const title = JSON.parse(readFileSync(join(here, 'i18n', 'uk.json'), 'utf8')).title;
  const html = readFileSync(join(here, 'page', 'index.html'), 'utf8').replace('%TITLE%', title);
  const importMap = /<script type="importmap">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(importMap).digest('base64');
  const policy = [
    "default-src 'none'",
    `script-src 'self' 'sha256-${hash}'`,
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
function figures(release) {
  return {
    version: release.version,
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
const MEASURE_KEYS = { 'slot failures': 'slotFailures', LCP: 'lcp', INP: 'inp', 'API errors': 'apiErrors' };

/** Since when the canary is compared: the judge's window, else the move that started it (its newest share). */
async function windowOf(app, canary, history) {
  if (canary.judged?.since) return canary.judged.since;
  const start = (await history())
    .filter((entry) => entry.app === app.dir && entry.version === canary.version)
    .filter((entry) => entry.action === 'canary' || entry.action === 'widen' || entry.action === 'promote')
    .at(-1);
  return start?.at ?? new Date(Date.now() - 3_600_000).toISOString();
}

/** The size of a chart's time bucket: about 36 points over the hours asked for. */
export function bucketMinutesFor(hours) {
  const steps = [1, 2, 5, 10, 15, 30, 60];
  return steps.find((step) => (hours * 60) / step <= 40) ?? 60;
}

const problem = (reply, status, code, message, extra = {}) => reply.status(status).send({ code, message, ...extra });

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
  summary: 'The canary judge’s figures and verdict on the app’s canary now (scripts/canary-rules.mjs)',
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

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {import('./server.d.mts').ConsoleOptions} options
 */
export default async function consolePlugin(app, options = {}) {
  // the deploy API passes `{ tokens }` to each of its plugins: the console's own options sit beside it
  const opsUrl = options.opsUrl ?? opsUrlFrom();
  const rules = options.rules ?? rulesFrom();
  const deployment = options.readDeployment ?? readDeployment;
  const history = options.readHistory ?? readHistory;
  const files = assets();
  const { html, policy } = page();
  const fromOps = async (reply, read) => {
    try {
      return await read();
    } catch (error) {
      problem(reply, 503, 'ops-unavailable', `the API's operations port cannot be read: ${error.message}`);
      return null;
    }
  };

  const publicFile = { config: { access: 'public' }, schema: { hide: true } };

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

  app.get('/console/assets/:file', publicFile, async (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) return problem(reply, 404, 'not-found', `no console asset ${request.params.file}`);
    return reply
      .header('content-type', `${file.type}; charset=utf-8`)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(readFileSync(file.path));
  });

  app.get('/v1/apps/:app/canary-report', { schema: reportSchema }, async (request, reply) => {
    const target = appOf(request.params.app);
    const now = await deployment();
    const live = target.dir === 'shell' ? now.shell : now.remotes[target.name];
    const base = {
      app: target.dir,
      generatedAt: new Date().toISOString(),
      live: live ? { version: live.version } : null,
      rules,
    };
    const canary = target.dir === 'shell' ? undefined : live?.canary;
    if (!canary) return { ...base, canary: null };
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
      figures: { stable: figures(stable), canary: figures(candidate) },
      verdict: verdict.verdict,
      ...(verdict.next !== undefined ? { next: verdict.next } : {}),
      reason: verdict.reason,
      measures: verdict.measures.map((measure) => ({ key: MEASURE_KEYS[measure.name], ...measure })),
    };
  });

  app.get('/v1/apps/:app/vitals', { schema: vitalsSchema }, async (request, reply) => {
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
      return answer.json();
    });
    if (!series) return reply;
    const live = (await deployment()).remotes[target.name];
    const roleOf = (version) =>
      version === live?.canary?.version ? 'canary' : version === live?.version ? 'live' : 'earlier';
    return {
      app: target.dir,
      hours,
      bucketMinutes,
      from: series.from,
      to: series.to,
      releases: series.releases.map((release) => ({ ...release, role: roleOf(release.version) })),
    };
  });
}
