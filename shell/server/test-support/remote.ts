// A fake remote for the shell's server's tests: a static server of its files (a manifest, a page server
// module, pages.json, style sheets), and its page as the shell's server has it (page.ts): matched against
// the routes its build lists, described by its module in the sandbox.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrimedAnswer } from '@lab/api';
import { PAGE_SERVER_FILE as PAGE_PREVIEW_FILE, PAGES_FILE, type PageRequest } from '@lab/pages/routes';
import { describe as describePage } from '../describe';
import type { ApiGet } from '../fetch';
import { matchRequest } from '../match';
import { previewSandbox } from '../previewSandbox';
import { forgetRemoteBuilds, pageCss, pageFiles } from '../remoteBuilds';

export { PAGE_PREVIEW_FILE, PAGES_FILE };

/**
 * A remote's page as the shell's server has it (page.ts): matched against the routes its build lists,
 * described by its module in the sandbox (its public reads made at `apiBase`), its style sheets for a
 * drawn page, its remote.files by address. Null where the page loads without a description (and a failure is
 * logged, as page.ts logs it).
 */
export async function describeRemotePage(
  remote: string,
  manifest: string | undefined,
  request: Omit<PageRequest, 'answers' | 'final' | 'routes' | 'params'>,
  get: ApiGet,
  apiBase: string,
  primed: readonly PrimedAnswer[] = [],
) {
  process.env.API_BASE = apiBase;
  try {
    const url = new URL(request.url, 'http://site');
    const remotes = { [remote]: { manifest, routes: ['analyzes', 'checkout'] } };
    const match = await matchRequest(url.pathname, remotes);
    if (!match?.build) return null;
    const described = await describePage(match.describe, { ...request, ...match }, get, primed);
    if (!described) return null;
    const drawn = described.html && (request.preview || described.frame);
    const css = drawn
      ? await pageCss(match.build, match.entries).catch((error) => {
          console.error('[shell] page style:', error);
          return null;
        })
      : null;
    const preview = drawn && css !== null ? { html: described.html as string, css, frame: described.frame } : null;
    return { ...described, preview, assets: pageFiles(match.build.base, match.entries) };
  } catch (error) {
    console.error(`[shell] page ${request.url}:`, error instanceof Error ? error.message : error);
    return null;
  }
}

export const remote = {
  files: {} as Record<string, string>,
  /** Paths that answer 500. */
  failing: [] as string[],
  /** How many times each path was asked for. */
  hits: {} as Record<string, number>,
  /** The fake remote's origin, once it listens. */
  origin: '',
};

const server: Server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://remote');
  remote.hits[pathname] = (remote.hits[pathname] ?? 0) + 1;
  const body = remote.files[pathname] ?? (pathname.endsWith(`/${PAGES_FILE}`) ? pagesOf(remote.files) : undefined);
  if (remote.failing.includes(pathname)) {
    response.writeHead(500).end();
    return;
  }
  if (body === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': pathname.endsWith('.json') ? 'application/json' : 'text/plain' });
  response.end(pathname.endsWith(PAGE_PREVIEW_FILE) ? `${body}${ADAPTER}` : body);
});

/** The remote deploys into a folder: 'auto' means the module and CSS are next to the manifest there. */
export const manifestUrl = () => `${remote.origin}/catalog/mf-manifest.json`;

export const previewSource = [
  'exports.renderPagePreview = (r) =>',
  "  r.module === 'CategoryPage'",
  "    ? '<section><h1>' + r.url + ' ' + r.locale + ' ' + r.stored.cityId + '</h1>'",
  "      + '<p>' + r.pattern + ' ' + r.answers.length + '</p></section>'",
  '    : null;',
].join('\n');

/**
 * The remote's pages.json as its build writes it (packages/config/webpack.cjs): here the category
 * page's style sheets are those the manifest lists for `routes`, async ones then sync ones.
 */
export function pagesOf(deployed: Record<string, string>): string | undefined {
  try {
    const parsed = JSON.parse(deployed['/catalog/mf-manifest.json'] ?? 'null') as {
      exposes?: { name: string; assets: { css: { async?: string[]; sync?: string[] } } }[];
    } | null;
    const css = parsed?.exposes?.find((exposed) => exposed.name === 'routes')?.assets.css;
    if (!css) return undefined;
    return JSON.stringify({
      prefixes: ['analyzes'],
      routes: [
        { id: 'mf_catalog/catalogue', path: 'analyzes', scripts: [], styles: [] },
        {
          id: 'mf_catalog/category',
          path: 'analyzes/:slug',
          scripts: [],
          styles: [...(css.async ?? []), ...(css.sync ?? [])],
        },
      ],
    });
  } catch {
    return undefined;
  }
}

export function manifest(publicPath: string, css: { async?: string[]; sync?: string[] } | null = null) {
  return JSON.stringify({
    metaData: { publicPath },
    exposes: [
      {
        name: 'routes',
        assets: {
          css: css ?? { async: ['static/css/page-category.async.css'], sync: ['static/css/page-category.sync.css'] },
        },
      },
    ],
  });
}

export type PageModule = 'CategoryPage' | 'CataloguePage';
export const page = (module: PageModule) => module;
export const ROUTES: Record<PageModule, { id: string; pattern: string }> = {
  CategoryPage: { id: 'mf_catalog/category', pattern: 'analyzes/:slug' },
  CataloguePage: { id: 'mf_catalog/catalogue', pattern: 'analyzes' },
};

/**
 * The modules of these tests render a page by its module's name (`renderPagePreview`); a remote's
 * server module describes the page the shell's server matched (`describePage`, by route id): this
 * adapter, appended to each module served, makes the one the other.
 */
export const ADAPTER = `
;exports.describePage = exports.describePage || function (r) {
  var module = r.routes[r.routes.length - 1] === 'mf_catalog/category' ? 'CategoryPage' : 'CataloguePage';
  var route = ${JSON.stringify(ROUTES)}[module];
  var out = exports.renderPagePreview(Object.assign({}, r, { module: module, pattern: route.pattern }));
  if (out == null) return null;
  var html = typeof out === 'string' ? out : out.html;
  var meta = typeof out === 'string' ? null : out.meta;
  return { kind: 'page', html: html, meta: meta, crumbs: [], heading: null, notFound: false };
};`;

export const request = {
  url: '/analyzes/hematology?page=2',
  locale: 'ua' as const,
  origin: 'http://site',
  settlementId: 9,
  preview: true,
  stored: { cityId: 9 },
};

export const categoryHtml = '<section><h1>/analyzes/hematology?page=2 ua 9</h1><p>analyzes/:slug 0</p></section>';

/** The API as the shell's server asks it (these modules ask for nothing). */
export const noApi = async () => null;

/** The page's preview by the remote's server module, as the shell's server gets it (page.ts). */
export async function pagePreview(module: PageModule, manifest: string | undefined, pageRequest: typeof request) {
  const url = module === 'CataloguePage' ? '/analyzes' : pageRequest.url;
  const described = await describeRemotePage('mf_catalog', manifest, { ...pageRequest, url }, noApi, remote.origin);
  if (!described?.preview) return null;
  const { frame, ...preview } = described.preview;
  return { ...preview, ...(frame ? { frame } : {}), meta: described.meta };
}

/** A port nobody listens on: a remote that is down (connection refused). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => probe.close((error) => (error ? reject(error) : resolve())));
  return port;
}

/** Serves the fake remote for the test file that calls it, fresh for each test. */
export function serveFakeRemote() {
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    remote.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    await previewSandbox.close();
  });

  beforeEach(() => {
    forgetRemoteBuilds();
    remote.hits = {};
    remote.failing = [];
    remote.files = {
      '/catalog/mf-manifest.json': manifest('auto'),
      [`/catalog/${PAGE_PREVIEW_FILE}`]: previewSource,
      '/catalog/static/css/page-category.async.css': '.category{color:red}',
      '/catalog/static/css/page-category.sync.css': '.button{color:blue}',
    };
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });
}

/** Silences (and records) the server's error log for a test that expects one. */
export const errorLog = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);
