/** @jest-environment node */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { PAGE_SERVER_FILE as PAGE_PREVIEW_FILE } from '@lab/pages/routes';
import { PAGE_PREVIEW_STALE_ATTRIBUTE } from '../src/features/remotes/headless';
import { previewSandbox } from './previewSandbox';
import {
  describeRemotePage,
  forgetPreviewModules,
  previewGuardScript,
  REFRESH_MS,
  sharedPackagesCss,
  styleAttributeSources,
} from './previews';

/** A remote's files by path; a path that is not here is a 404. Tests change them at will. */
let files: Record<string, string> = {};
/** Paths that answer 500. */
let failing: string[] = [];
/** How many times each path was asked for. */
let hits: Record<string, number> = {};

const server: Server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://remote');
  hits[pathname] = (hits[pathname] ?? 0) + 1;
  const body = files[pathname] ?? (pathname.endsWith('/page-styles.json') ? pageStylesOf(files) : undefined);
  if (failing.includes(pathname)) {
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

let origin = '';
/** The remote deploys into a folder: 'auto' means the module and CSS are next to the manifest there. */
const manifestUrl = () => `${origin}/catalog/mf-manifest.json`;

const previewSource = [
  'exports.renderPagePreview = (r) =>',
  "  r.module === 'CategoryPage'",
  "    ? '<section><h1>' + r.url + ' ' + r.locale + ' ' + r.stored.cityId + '</h1>'",
  "      + '<p>' + r.pattern + ' ' + r.answers.length + '</p></section>'",
  '    : null;',
].join('\n');

/**
 * The remote's page-styles.json as its build writes it (packages/config/webpack.cjs): here the category
 * page's style sheets are those the manifest lists for `routes`, async ones then sync ones.
 */
function pageStylesOf(deployed: Record<string, string>): string | undefined {
  try {
    const parsed = JSON.parse(deployed['/catalog/mf-manifest.json'] ?? 'null') as {
      exposes?: { name: string; assets: { css: { async?: string[]; sync?: string[] } } }[];
    } | null;
    const css = parsed?.exposes?.find((exposed) => exposed.name === 'routes')?.assets.css;
    return css ? JSON.stringify({ category: [...(css.async ?? []), ...(css.sync ?? [])] }) : undefined;
  } catch {
    return undefined;
  }
}

function manifest(publicPath: string, css: { async?: string[]; sync?: string[] } | null = null) {
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

type PageModule = 'CategoryPage' | 'CataloguePage';
const page = (module: PageModule) => module;
const ROUTES: Record<PageModule, { id: string; pattern: string }> = {
  CategoryPage: { id: 'mf_catalog/category', pattern: 'analyzes/:slug' },
  CataloguePage: { id: 'mf_catalog/catalogue', pattern: 'analyzes' },
};

/**
 * The modules of these tests render a page by its module's name (`renderPagePreview`); a remote's
 * server module describes a page by its address (`describePage`): this adapter, appended to each
 * module served, makes the one the other (the route id names the page's style sheet, page-category).
 */
const ADAPTER = `
;exports.describePage = exports.describePage || function (r) {
  var module = /^\\/analyzes\\/[^/?]+/.test(r.url) ? 'CategoryPage' : 'CataloguePage';
  var route = ${JSON.stringify(ROUTES)}[module];
  var out = exports.renderPagePreview(Object.assign({}, r, { module: module, pattern: route.pattern }));
  if (out == null) return null;
  var html = typeof out === 'string' ? out : out.html;
  var meta = typeof out === 'string' ? null : out.meta;
  return { kind: 'page', route: route.id, html: html, meta: meta, crumbs: [], heading: null, notFound: false };
};`;

const request = {
  url: '/analyzes/hematology?page=2',
  locale: 'ua' as const,
  origin: 'http://site',
  settlementId: 9,
  preview: true,
  stored: { cityId: 9 },
};

const categoryHtml = '<section><h1>/analyzes/hematology?page=2 ua 9</h1><p>analyzes/:slug 0</p></section>';

/** The API as the shell's server asks it (these modules ask for nothing). */
const noApi = async () => null;

/** The page's preview by the remote's server module, as the shell's server gets it (previews.ts). */
async function pagePreview(module: PageModule, manifest: string | undefined, pageRequest: typeof request) {
  const url = module === 'CataloguePage' ? '/analyzes' : pageRequest.url;
  const described = await describeRemotePage('mf_catalog', manifest, { ...pageRequest, url }, noApi, origin);
  if (!described?.preview) return null;
  const { frame, ...preview } = described.preview;
  return { ...preview, ...(frame ? { frame } : {}), meta: described.meta };
}

/** A port nobody listens on: a remote that is down (connection refused). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => probe.close((error) => (error ? reject(error) : resolve())));
  return port;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  await previewSandbox.close();
});

beforeEach(() => {
  forgetPreviewModules();
  hits = {};
  failing = [];
  files = {
    '/catalog/mf-manifest.json': manifest('auto'),
    [`/catalog/${PAGE_PREVIEW_FILE}`]: previewSource,
    '/catalog/static/css/page-category.async.css': '.category{color:red}',
    '/catalog/static/css/page-category.sync.css': '.button{color:blue}',
  };
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** Silences (and records) the server's error log for a test that expects one. */
const errorLog = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe("a remote's preview of its page", () => {
  it("gives the module's HTML for the page, rendered from the request's url, locale, stored city and answers", async () => {
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.html).toBe(categoryHtml);
  });

  it("brings the page's style sheets as the remote's build lists them, from next to the manifest", async () => {
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.css).toBe('.category{color:red}\n.button{color:blue}');
    expect(hits['/catalog/static/css/page-category.async.css']).toBe(1);
    expect(hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('fetches a style sheet listed both as async and sync once and puts it in once', async () => {
    files['/catalog/mf-manifest.json'] = manifest('auto', {
      async: ['static/css/page-category.sync.css'],
      sync: ['static/css/page-category.sync.css'],
    });
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.css).toBe('.button{color:blue}');
    expect(hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('gives no preview of a page whose style sheets the build does not list (it would be drawn unstyled)', async () => {
    files['/catalog/mf-manifest.json'] = JSON.stringify({ metaData: { publicPath: 'auto' }, exposes: [] });
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
  });

  it("hands the module what the shell primed for every page, and returns only the page's own answers", async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = (r) => r.answers.length < 2 && !r.final
      ? { kind: 'calls', calls: [{ key: ['tree', 'ua'], url: '/api/public/tree' }] }
      : { kind: 'page', route: 'mf_catalog/category', html: '<p>' + r.answers.map((a) => a.key[0]).join(',') + '</p>', meta: null, crumbs: [], heading: null, notFound: false };`;
    const session = { key: ['session'] as const, data: { canLogin: true } };
    const api = async <T>() => ({ groups: 1 }) as T;
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, api, 'http://api', [session]);
    expect(described?.preview?.html).toBe('<p>session,tree</p>');
    expect(described?.answers).toEqual([{ key: ['tree', 'ua'], data: { groups: 1 } }]);
  });

  it("takes only calls of the API's own origin under /api/ from a module, and gives it their answers", async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = (r) => {
      if (!r.final && r.answers.length === 0) return { kind: 'calls', calls: [
        { key: ['tree', 'ua'], url: '/api/public/tree' },
        { key: ['secret'], url: 'http://169.254.169.254/latest/meta-data' },
        { key: ['up'], url: '/api/../internal' },
        { key: ['other'], url: 'http://evil.example/api/x' },
      ] };
      return { kind: 'page', route: 'mf_catalog/category', html: '<p>' + JSON.stringify(r.answers) + '</p>', meta: null, crumbs: [], heading: null, notFound: false };
    };`;
    const asked: string[] = [];
    const api = async <T>(url: string) => {
      asked.push(url);
      return { groups: 1 } as T;
    };
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, api, 'http://api.internal:4000');
    expect(asked).toEqual(['http://api.internal:4000/api/public/tree']);
    expect(described?.preview?.html).toBe('<p>[{"key":["tree","ua"],"data":{"groups":1}}]</p>');
    expect(described?.answers).toEqual([{ key: ['tree', 'ua'], data: { groups: 1 } }]);
  });

  it("names the page's own scripts and style sheets by address, as the remote's build lists them", async () => {
    files['/catalog/page-scripts.json'] = JSON.stringify({ category: ['69.js', 'page-category.js'], other: ['x.js'] });
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, noApi, origin);
    expect(described?.assets).toEqual({
      scripts: [`${origin}/catalog/69.js`, `${origin}/catalog/page-category.js`],
      styles: [
        `${origin}/catalog/static/css/page-category.async.css`,
        `${origin}/catalog/static/css/page-category.sync.css`,
      ],
    });
    // a build before page-scripts.json: the page is described as before, its code asked for by the router
    delete files['/catalog/page-scripts.json'];
    forgetPreviewModules();
    const older = await describeRemotePage('mf_catalog', manifestUrl(), request, noApi, origin);
    expect(older?.preview?.html).toBe(categoryHtml);
    expect(older?.assets.scripts).toEqual([]);
  });

  it("takes only GETs of the site's own API as the page's personal calls", async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = () => ({
      kind: 'page', route: 'mf_cart_checkout/payment-result', html: null, meta: null, crumbs: [], heading: null, notFound: false,
      personal: [
        { key: ['order', '1', 'ua'], url: '/api/private/order/orders/1?x=1' },
        { key: ['order', '1', 'ua'], url: '/api/private/order/orders/1?x=1' },
        { key: ['up'], url: '/api/../internal' },
        { key: ['other'], url: 'http://evil.example/api/x' },
        { key: ['other'], url: '//evil.example/api/x' },
        { key: ['post'], url: '/api/private/x', body: {} },
        { key: ['outside'], url: '/internal' },
      ],
    });`;
    const described = await describeRemotePage('mf_cart_checkout', manifestUrl(), request, noApi, origin);
    expect(described?.personal).toEqual(['/api/private/order/orders/1?x=1']);
  });

  it('takes the module and the style sheets from the publicPath the manifest names instead of its folder', async () => {
    files = {
      '/catalog/mf-manifest.json': manifest('/cdn/catalog/v2/'),
      [`/cdn/catalog/v2/${PAGE_PREVIEW_FILE}`]: previewSource,
      '/cdn/catalog/v2/static/css/page-category.async.css': '.cdn-category{}',
      '/cdn/catalog/v2/static/css/page-category.sync.css': '.cdn-ui{}',
    };
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview).toEqual({ html: categoryHtml, css: '.cdn-category{}\n.cdn-ui{}', meta: null });
    expect(hits[`/catalog/${PAGE_PREVIEW_FILE}`]).toBeUndefined();
    expect(hits[`/cdn/catalog/v2/${PAGE_PREVIEW_FILE}`]).toBe(1);
  });

  it('honours an absolute publicPath on another origin', async () => {
    // the manifest is served from a different address than the files: localhost vs 127.0.0.1
    const otherOrigin = origin.replace('127.0.0.1', 'localhost');
    files = {
      '/catalog/mf-manifest.json': manifest(`${origin}/assets/`),
      [`/assets/${PAGE_PREVIEW_FILE}`]: previewSource,
      '/assets/static/css/page-category.async.css': '.a{}',
      '/assets/static/css/page-category.sync.css': '.b{}',
    };
    const preview = await pagePreview(page('CategoryPage'), `${otherOrigin}/catalog/mf-manifest.json`, request);
    expect(preview).toEqual({ html: categoryHtml, css: '.a{}\n.b{}', meta: null });
  });

  it('gives no preview of a page the module has none of, and fetches no style sheet for it', async () => {
    expect(await pagePreview(page('CataloguePage'), manifestUrl(), request)).toBeNull();
    expect(hits['/catalog/static/css/page-category.async.css']).toBeUndefined();
  });

  it("gives a page's frame, with its style sheets, to a visitor who gets no preview (signed in)", async () => {
    // the module draws its frame when not asked for a first visit's page, and says so
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = [
      'exports.describePage = (r) => ({ kind: "page", route: "mf_catalog/category", notFound: false, meta: null,',
      '  crumbs: [], heading: null, html: r.preview ? "<section>page</section>" : "<section>frame</section>",',
      '  frame: !r.preview });',
      'exports.renderPagePreview = () => null;',
    ].join('\n');
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), { ...request, preview: false })).toEqual({
      html: '<section>frame</section>',
      css: '.category{color:red}\n.button{color:blue}',
      frame: true,
      meta: null,
    });
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toEqual({
      html: '<section>page</section>',
      css: '.category{color:red}\n.button{color:blue}',
      meta: null,
    });
  });

  it("gives a visitor who gets no preview nothing of a page's HTML that is not a frame", async () => {
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), { ...request, preview: false })).toBeNull();
  });

  it('gives no preview without the remote in the remotes map, and asks for nothing', async () => {
    expect(await pagePreview(page('CategoryPage'), undefined, request)).toBeNull();
    expect(hits).toEqual({});
  });

  it('gives no preview when the remote deployed no preview module (404)', async () => {
    delete files[`/catalog/${PAGE_PREVIEW_FILE}`];
    const log = errorLog();
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    // not an error: a remote without a preview is the usual case
    expect(log).not.toHaveBeenCalled();
  });

  it('gives no preview when the manifest is not there (404)', async () => {
    delete files['/catalog/mf-manifest.json'];
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    expect(hits[`/catalog/${PAGE_PREVIEW_FILE}`]).toBeUndefined();
  });

  it('gives no preview, without throwing, when the remote is down', async () => {
    const log = errorLog();
    const down = `http://127.0.0.1:${await closedPort()}/catalog/mf-manifest.json`;
    await expect(pagePreview(page('CategoryPage'), down, request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('[shell] preview module:', expect.anything());
  });

  it("takes the page's metadata the module answers with its HTML", async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] =
      "exports.renderPagePreview = () => ({ html: '<h1>Гематологія</h1>', meta: { title: 'Гематологія' } });";
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview).toMatchObject({ html: '<h1>Гематологія</h1>', meta: { title: 'Гематологія' } });
  });

  it('takes only HTML text and plain metadata from what the module answers', async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = "exports.renderPagePreview = () => ({ html: 42, meta: 'title' });";
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = "exports.renderPagePreview = () => ({ html: '<p>x</p>', meta: 'title' });";
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toMatchObject({ meta: null });
  });

  it('gives no preview, and logs it, when the module throws while rendering', async () => {
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = "exports.renderPagePreview = () => { throw new Error('boom'); };";
    const log = errorLog();
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('[shell] page of mf_catalog:', expect.anything());
  });

  it('gives no preview when the module exports no renderPagePreview or does not run', async () => {
    const log = errorLog();
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = 'exports.somethingElse = () => "<p></p>";';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    files[`/catalog/${PAGE_PREVIEW_FILE}`] = 'exports.renderPagePreview = (r) => {';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('gives no preview when the remote answers with a server error or a manifest that is not JSON', async () => {
    const log = errorLog();
    failing = [`/catalog/${PAGE_PREVIEW_FILE}`];
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    failing = [];
    files['/catalog/mf-manifest.json'] = '{ not json';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('[shell] preview module:', expect.anything());
  });

  it('gives no preview when a style sheet fails, and fetches it again for the next page', async () => {
    const log = errorLog();
    failing = ['/catalog/static/css/page-category.sync.css'];
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    failing = [];
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe(
      '.category{color:red}\n.button{color:blue}',
    );
    expect(hits['/catalog/static/css/page-category.sync.css']).toBe(2);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('refuses a style sheet that could close the <style> it is put in', async () => {
    const log = errorLog();
    files['/catalog/static/css/page-category.sync.css'] = '.x{}</STYLE><script>alert(1)</script>';
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});

describe('the remote fetched once per refresh', () => {
  const manifestPath = '/catalog/mf-manifest.json';
  const modulePath = `/catalog/${PAGE_PREVIEW_FILE}`;

  it('asks for the manifest, the module and each style sheet once for many previews within REFRESH_MS', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await Promise.all([1, 2, 3].map(() => pagePreview(page('CategoryPage'), manifestUrl(), request)));
    for (const at of [1, REFRESH_MS / 2, REFRESH_MS - 1]) {
      now.mockReturnValue(1_000_000 + at);
      expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toEqual({
        html: categoryHtml,
        css: '.category{color:red}\n.button{color:blue}',
        meta: null,
      });
    }
    expect(hits[manifestPath]).toBe(1);
    expect(hits[modulePath]).toBe(1);
    expect(hits['/catalog/static/css/page-category.async.css']).toBe(1);
    expect(hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('picks up a new deployment of the module after REFRESH_MS, and not before', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe(categoryHtml);
    files[modulePath] = "exports.renderPagePreview = () => '<p>new build</p>';";
    now.mockReturnValue(1_000_000 + REFRESH_MS - 1);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe(categoryHtml);
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>new build</p>');
    expect(hits[manifestPath]).toBe(2);
    expect(hits[modulePath]).toBe(2);
  });

  it('keeps the running module (and its state) when a refresh brings the same source, and evaluates a changed one', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const counting = "let renders = 0;\nexports.renderPagePreview = () => '<p>' + ++renders + '</p>';";
    files[modulePath] = counting;
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>1</p>');
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>2</p>');
    expect(hits[modulePath]).toBe(2);
    // a build that differs only by a comment is another build: evaluated anew, its counter from zero
    files[modulePath] = `${counting}\n// build 2`;
    now.mockReturnValue(1_000_000 + 2 * REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>1</p>');
    expect(hits[modulePath]).toBe(3);
  });

  it('keeps a style sheet by its URL across refreshes: its name changes when its content does', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await pagePreview(page('CategoryPage'), manifestUrl(), request);
    files['/catalog/static/css/page-category.sync.css'] = '.changed{}';
    files['/catalog/static/css/page-category.v2.css'] = '.v2{}';
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe(
      '.category{color:red}\n.button{color:blue}',
    );
    files['/catalog/mf-manifest.json'] = manifest('auto', { async: [], sync: ['static/css/page-category.v2.css'] });
    now.mockReturnValue(1_000_000 + 2 * REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe('.v2{}');
    expect(hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('tries a remote that was down again after REFRESH_MS', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const log = errorLog();
    const manifestFile = files[manifestPath] ?? '';
    files[manifestPath] = '{ broken';
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    files[manifestPath] = manifestFile;
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe(categoryHtml);
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe("the shared packages' style sheets, from the shell's own build", () => {
  let root = '';
  const manifest = (css: string[]) =>
    JSON.stringify({
      shared: [
        { name: 'react', assets: { css: { sync: [], async: [] } } },
        { name: '@lab/ui', assets: { css: { sync: css, async: [] } } },
      ],
    });
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'shell-root-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("gives the CSS the shell's manifest lists for its shared modules", async () => {
    await writeFile(join(root, '440.aaaa.css'), '.lab_ui-x{color:red}');
    await writeFile(join(root, 'mf-manifest.json'), manifest(['440.aaaa.css']));
    await expect(sharedPackagesCss(root)).resolves.toBe('.lab_ui-x{color:red}');
  });

  it('reads them again when a deployment replaces the manifest', async () => {
    await writeFile(join(root, '1.css'), '.a{}');
    await writeFile(join(root, '2.css'), '.b{}');
    await writeFile(join(root, 'mf-manifest.json'), manifest(['1.css']));
    await expect(sharedPackagesCss(root)).resolves.toBe('.a{}');
    await writeFile(join(root, 'mf-manifest.json'), manifest(['2.css']));
    const later = new Date(Date.now() + 5000);
    await utimes(join(root, 'mf-manifest.json'), later, later);
    await expect(sharedPackagesCss(root)).resolves.toBe('.b{}');
  });

  it('is empty for a build without a manifest (no federation)', async () => {
    await expect(sharedPackagesCss(root)).resolves.toBe('');
  });
});

describe('the CSP sources for the preview’s style attributes', () => {
  const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;

  it('allows each distinct style attribute by the hash of its decoded value', () => {
    const html =
      '<div style="height:12px"><span style="height:12px"></span>' +
      '<i style="font-family:&quot;Inter&quot;;content:&#x27;&lt;&gt;&amp;&#x27;"></i></div>';
    expect(styleAttributeSources(html)).toEqual([
      "'unsafe-hashes'",
      hash('height:12px'),
      hash(`font-family:"Inter";content:'<>&'`),
    ]);
  });

  it('decodes an entity once: an escaped ampersand before "quot;" stays "&quot;"', () => {
    expect(styleAttributeSources('<p style="content:&amp;quot;"></p>')).toEqual([
      "'unsafe-hashes'",
      hash('content:&quot;'),
    ]);
  });

  it('needs nothing without style attributes, and a data-style is not one', () => {
    expect(styleAttributeSources('<section><h1 class="title">Аналізи</h1></section>')).toEqual([]);
    expect(styleAttributeSources('<div data-style="height:1px"></div>')).toEqual([]);
  });
});

/** Runs a guard script as the browser would, in a page whose storage holds `stored`; gives the attributes set on <html>. */
function runGuard(script: string, stored: Record<string, string> | 'throws'): [string, string][] {
  const set: [string, string][] = [];
  const localStorage = { getItem: (key: string) => (stored === 'throws' ? null : (stored[key] ?? null)) };
  const window = {};
  // storage a privacy mode forbids: reading window.localStorage throws
  Object.defineProperty(window, 'localStorage', {
    get: () => {
      if (stored === 'throws') throw new Error('SecurityError: access is denied');
      return localStorage;
    },
  });
  const document = { documentElement: { setAttribute: (name: string, value: string) => set.push([name, value]) } };
  runInNewContext(script, { window, document });
  return set;
}

describe("the head's guard of a preview rendered for city 1", () => {
  function guard(stored: Record<string, string> | 'throws'): [string, string][] {
    return runGuard(previewGuardScript(1), stored);
  }
  const marked: [string, string][] = [[PAGE_PREVIEW_STALE_ATTRIBUTE, '']];

  it('leaves a first visit (nothing stored) unmarked', () => {
    expect(guard({})).toEqual([]);
  });

  it("leaves the preview's own city unmarked, stored as JSON or bare", () => {
    expect(guard({ cityId: '1' })).toEqual([]);
    expect(guard({ cityId: '"1"' })).toEqual([]);
  });

  it('marks the page when another city is stored', () => {
    expect(guard({ cityId: '2' })).toEqual(marked);
    expect(guard({ cityId: '"2"' })).toEqual(marked);
    // not a prefix match: city 11 is another city
    expect(guard({ cityId: '11' })).toEqual(marked);
  });

  it('marks the page when a cart is stored, whatever the city', () => {
    expect(guard({ cartId: '"c-42"' })).toEqual(marked);
    expect(guard({ cityId: '1', cartId: '"c-42"' })).toEqual(marked);
  });

  it('marks the page when the doctor role is stored', () => {
    expect(guard({ doctor: 'true' })).toEqual(marked);
    expect(guard({ cityId: '"1"', doctor: 'false' })).toEqual(marked);
  });

  it('marks nothing, and does not throw, when the storage cannot be read', () => {
    expect(() => guard('throws')).not.toThrow();
    expect(guard('throws')).toEqual([]);
  });
});
