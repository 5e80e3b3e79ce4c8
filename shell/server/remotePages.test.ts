/** @jest-environment node */
import { forgetRemoteBuilds as forgetPreviewModules } from './remoteBuilds';
import {
  categoryHtml,
  closedPort,
  describeRemotePage,
  errorLog,
  manifest,
  manifestUrl,
  noApi,
  PAGE_PREVIEW_FILE,
  PAGES_FILE,
  page,
  pagePreview,
  previewSource,
  remote,
  request,
  serveFakeRemote,
} from './test-support/remote';

serveFakeRemote();

describe("a remote's preview of its page", () => {
  it("gives the module's HTML for the page, rendered from the request's url, locale, stored city and answers", async () => {
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.html).toBe(categoryHtml);
  });

  it("brings the page's style sheets as the remote's build lists them, from next to the manifest", async () => {
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.css).toBe('.category{color:red}\n.button{color:blue}');
    expect(remote.hits['/catalog/static/css/page-category.async.css']).toBe(1);
    expect(remote.hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('fetches a style sheet listed both as async and sync once and puts it in once', async () => {
    remote.files['/catalog/mf-manifest.json'] = manifest('auto', {
      async: ['static/css/page-category.sync.css'],
      sync: ['static/css/page-category.sync.css'],
    });
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview?.css).toBe('.button{color:blue}');
    expect(remote.hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('gives no preview of a page whose style sheets the build does not list (it would be drawn unstyled)', async () => {
    remote.files['/catalog/mf-manifest.json'] = JSON.stringify({ metaData: { publicPath: 'auto' }, exposes: [] });
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
  });

  it("hands the module what the shell primed for every page, and returns only the page's own answers", async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = (r) => r.answers.length < 2 && !r.final
      ? { kind: 'calls', calls: [{ key: ['tree', 'ua'], endpoint: 'serviceGroupTree', access: 'public' }] }
      : { kind: 'page', html: '<p>' + r.answers.map((a) => a.key[0]).join(',') + '</p>', meta: null, crumbs: [], heading: null, notFound: false };`;
    const session = { key: ['session'] as const, data: { canLogin: true } };
    const api = async <T>() => ({ groups: 1 }) as T;
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, api, 'http://api', [session]);
    expect(described?.preview?.html).toBe('<p>session,tree</p>');
    expect(described?.answers).toEqual([{ key: ['tree', 'ua'], data: { groups: 1 } }]);
  });

  it("takes only the API's own endpoints, by name, from a module, and gives it their answers", async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = (r) => {
      if (!r.final && r.answers.length === 0) return { kind: 'calls', calls: [
        { key: ['tree', 'ua'], endpoint: 'serviceGroupTree', access: 'public' },
        { key: ['secret'], endpoint: 'metadata', access: 'public' },
        { key: ['proto'], endpoint: 'constructor', access: 'public' },
        { key: ['slugless'], endpoint: 'serviceBySlug', access: 'public' },
        { key: ['odd'], endpoint: 'serviceBySlug', params: { slug: { toString: 1 } }, access: 'public' },
        { key: ['mine'], endpoint: 'orderGet', params: { orderId: '1' }, access: 'personal' },
      ] };
      return { kind: 'page', html: '<p>' + JSON.stringify(r.answers) + '</p>', meta: null, crumbs: [], heading: null, notFound: false };
    };`;
    const asked: string[] = [];
    const api = async <T>(url: string) => {
      asked.push(url);
      return { groups: 1 } as T;
    };
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, api, 'http://api.internal:4000');
    // a personal read is never the server's: it asks nothing of a visitor's
    expect(asked).toEqual(['http://api.internal:4000/api/public/service/services/groups/enabled/tree/separated']);
    expect(described?.preview?.html).toBe('<p>[{"key":["tree","ua"],"data":{"groups":1}}]</p>');
    expect(described?.answers).toEqual([{ key: ['tree', 'ua'], data: { groups: 1 } }]);
  });

  it("names the page's own scripts and style sheets by address, as the remote's build lists them by route", async () => {
    remote.files[`/catalog/${PAGES_FILE}`] = JSON.stringify({
      prefixes: ['analyzes'],
      routes: [
        { id: 'mf_catalog/catalogue', path: 'analyzes', scripts: ['x.js'], styles: [] },
        {
          id: 'mf_catalog/category',
          path: 'analyzes/:slug',
          scripts: ['69.js', 'page-category.js'],
          styles: ['static/css/page-category.async.css', 'static/css/page-category.sync.css'],
        },
      ],
    });
    const described = await describeRemotePage('mf_catalog', manifestUrl(), request, noApi, remote.origin);
    expect(described?.assets).toEqual({
      scripts: [`${remote.origin}/catalog/69.js`, `${remote.origin}/catalog/page-category.js`],
      styles: [
        `${remote.origin}/catalog/static/css/page-category.async.css`,
        `${remote.origin}/catalog/static/css/page-category.sync.css`,
      ],
    });
    // an address none of the remote's routes matches is no page of it
    expect(
      await describeRemotePage('mf_catalog', manifestUrl(), { ...request, url: '/analyzes/a/b' }, noApi, remote.origin),
    ).toBeNull();
  });

  it("takes only GETs of the API's own endpoints as the page's personal reads", async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = `exports.describePage = () => ({
      kind: 'page', html: null, meta: null, crumbs: [], heading: null, notFound: false,
      personal: [
        { key: ['order', '1', 'ua'], endpoint: 'orderGet', params: { orderId: '1' }, access: 'personal' },
        { key: ['search'], endpoint: 'search', body: {}, access: 'personal' },
        { key: ['other'], endpoint: 'evil', access: 'personal' },
        { key: ['public'], endpoint: 'serviceGroupTree', access: 'public' },
        { key: ['slugless'], endpoint: 'orderGet', access: 'personal' },
      ],
    });`;
    const described = await describeRemotePage('mf_cart_checkout', manifestUrl(), request, noApi, remote.origin);
    expect(described?.personal).toEqual([
      { key: ['order', '1', 'ua'], endpoint: 'orderGet', params: { orderId: '1' }, access: 'personal' },
    ]);
  });

  it('takes the module and the style sheets from the publicPath the manifest names instead of its folder', async () => {
    remote.files = {
      '/catalog/mf-manifest.json': manifest('/cdn/catalog/v2/'),
      [`/cdn/catalog/v2/${PAGE_PREVIEW_FILE}`]: previewSource,
      '/cdn/catalog/v2/static/css/page-category.async.css': '.cdn-category{}',
      '/cdn/catalog/v2/static/css/page-category.sync.css': '.cdn-ui{}',
    };
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview).toEqual({ html: categoryHtml, css: '.cdn-category{}\n.cdn-ui{}', meta: null });
    expect(remote.hits[`/catalog/${PAGE_PREVIEW_FILE}`]).toBeUndefined();
    expect(remote.hits[`/cdn/catalog/v2/${PAGE_PREVIEW_FILE}`]).toBe(1);
  });

  it('honours an absolute publicPath on another origin', async () => {
    // the manifest is served from a different address than the files: localhost vs 127.0.0.1
    const otherOrigin = remote.origin.replace('127.0.0.1', 'localhost');
    remote.files = {
      '/catalog/mf-manifest.json': manifest(`${remote.origin}/assets/`),
      [`/assets/${PAGE_PREVIEW_FILE}`]: previewSource,
      '/assets/static/css/page-category.async.css': '.a{}',
      '/assets/static/css/page-category.sync.css': '.b{}',
    };
    const preview = await pagePreview(page('CategoryPage'), `${otherOrigin}/catalog/mf-manifest.json`, request);
    expect(preview).toEqual({ html: categoryHtml, css: '.a{}\n.b{}', meta: null });
  });

  it('gives no preview of a page the module has none of, and fetches no style sheet for it', async () => {
    expect(await pagePreview(page('CataloguePage'), manifestUrl(), request)).toBeNull();
    expect(remote.hits['/catalog/static/css/page-category.async.css']).toBeUndefined();
  });

  it("gives a page's frame, with its style sheets, to a visitor who gets no preview (signed in)", async () => {
    // the module draws its frame when not asked for a first visit's page, and says so
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = [
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
    expect(remote.hits).toEqual({});
  });

  it('gives no preview when the remote deployed no preview module (404)', async () => {
    delete remote.files[`/catalog/${PAGE_PREVIEW_FILE}`];
    const log = errorLog();
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    // not an error: a remote without a preview is the usual case
    expect(log).not.toHaveBeenCalled();
  });

  it('gives no preview when the manifest is not there (404)', async () => {
    delete remote.files['/catalog/mf-manifest.json'];
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    expect(remote.hits[`/catalog/${PAGE_PREVIEW_FILE}`]).toBeUndefined();
  });

  it('gives no preview, without throwing, when the remote is down', async () => {
    const log = errorLog();
    const down = `http://127.0.0.1:${await closedPort()}/catalog/mf-manifest.json`;
    await expect(pagePreview(page('CategoryPage'), down, request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('[shell] remote build:', expect.anything());
  });

  it("takes the page's metadata the module answers with its HTML", async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] =
      "exports.renderPagePreview = () => ({ html: '<h1>Гематологія</h1>', meta: { title: 'Гематологія' } });";
    const preview = await pagePreview(page('CategoryPage'), manifestUrl(), request);
    expect(preview).toMatchObject({ html: '<h1>Гематологія</h1>', meta: { title: 'Гематологія' } });
  });

  it('takes only HTML text and plain metadata from what the module answers', async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = "exports.renderPagePreview = () => ({ html: 42, meta: 'title' });";
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] =
      "exports.renderPagePreview = () => ({ html: '<p>x</p>', meta: 'title' });";
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toMatchObject({ meta: null });
  });

  it('gives no preview, and logs it, when the module throws while rendering', async () => {
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = "exports.renderPagePreview = () => { throw new Error('boom'); };";
    const log = errorLog();
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^\[shell\] page /), expect.anything());
  });

  it('gives no preview when the module exports no renderPagePreview or does not run', async () => {
    const log = errorLog();
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = 'exports.somethingElse = () => "<p></p>";';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    remote.files[`/catalog/${PAGE_PREVIEW_FILE}`] = 'exports.renderPagePreview = (r) => {';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('gives no preview when the remote answers with a server error or a manifest that is not JSON', async () => {
    const log = errorLog();
    remote.failing = [`/catalog/${PAGE_PREVIEW_FILE}`];
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    forgetPreviewModules();
    remote.failing = [];
    remote.files['/catalog/mf-manifest.json'] = '{ not json';
    await expect(pagePreview(page('CategoryPage'), manifestUrl(), request)).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('[shell] remote build:', expect.anything());
  });

  it('gives no preview when a style sheet fails, and fetches it again for the next page', async () => {
    const log = errorLog();
    remote.failing = ['/catalog/static/css/page-category.sync.css'];
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    remote.failing = [];
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe(
      '.category{color:red}\n.button{color:blue}',
    );
    expect(remote.hits['/catalog/static/css/page-category.sync.css']).toBe(2);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('refuses a style sheet that could close the <style> it is put in', async () => {
    const log = errorLog();
    remote.files['/catalog/static/css/page-category.sync.css'] = '.x{}</STYLE><script>alert(1)</script>';
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
