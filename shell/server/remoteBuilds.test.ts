/** @jest-environment node */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REFRESH_MS } from './remoteBuilds';
import { sharedPackagesCss } from './shellBuild';
import {
  categoryHtml,
  errorLog,
  manifest,
  manifestUrl,
  PAGE_PREVIEW_FILE,
  page,
  pagePreview,
  remote,
  request,
  serveFakeRemote,
} from './test-support/remote';

serveFakeRemote();

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
    expect(remote.hits[manifestPath]).toBe(1);
    expect(remote.hits[modulePath]).toBe(1);
    expect(remote.hits['/catalog/static/css/page-category.async.css']).toBe(1);
    expect(remote.hits['/catalog/static/css/page-category.sync.css']).toBe(1);
  });

  it('picks up a new deployment of the module after REFRESH_MS, and not before', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe(categoryHtml);
    remote.files[modulePath] = "exports.renderPagePreview = () => '<p>new build</p>';";
    now.mockReturnValue(1_000_000 + REFRESH_MS - 1);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe(categoryHtml);
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>new build</p>');
    expect(remote.hits[manifestPath]).toBe(2);
    expect(remote.hits[modulePath]).toBe(2);
  });

  it('reads a style sheet named without its hash (a dev server’s, rewritten by each edit) again with the build after REFRESH_MS, a hashed one never again', async () => {
    remote.files['/catalog/mf-manifest.json'] = manifest('auto', {
      async: ['static/css/page-category.async.css'],
      sync: ['static/css/page-category.0a1b2c3d.css'],
    });
    remote.files['/catalog/static/css/page-category.0a1b2c3d.css'] = '.hashed{color:green}';
    const css = async () => (await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css;
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect(await css()).toBe('.category{color:red}\n.hashed{color:green}');
    remote.files['/catalog/static/css/page-category.async.css'] = '.category{color:purple}';
    now.mockReturnValue(1_000_000 + REFRESH_MS - 1);
    expect(await css()).toBe('.category{color:red}\n.hashed{color:green}');
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect(await css()).toBe('.category{color:purple}\n.hashed{color:green}');
    expect(remote.hits['/catalog/static/css/page-category.async.css']).toBe(2);
    expect(remote.hits['/catalog/static/css/page-category.0a1b2c3d.css']).toBe(1);
  });

  it('keeps the running module (and its state) when a refresh brings the same source, and evaluates a changed one', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const counting = "let renders = 0;\nexports.renderPagePreview = () => '<p>' + ++renders + '</p>';";
    remote.files[modulePath] = counting;
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>1</p>');
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>2</p>');
    expect(remote.hits[modulePath]).toBe(2);
    // a build that differs only by a comment is another build: evaluated anew, its counter from zero
    remote.files[modulePath] = `${counting}\n// build 2`;
    now.mockReturnValue(1_000_000 + 2 * REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.html).toBe('<p>1</p>');
    expect(remote.hits[modulePath]).toBe(3);
  });

  it('keeps a style sheet named with its hash by its URL across refreshes: its name changes when its content does', async () => {
    remote.files['/catalog/mf-manifest.json'] = manifest('auto', { sync: ['static/css/page-category.1a2b3c4d.css'] });
    remote.files['/catalog/static/css/page-category.1a2b3c4d.css'] = '.button{color:blue}';
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await pagePreview(page('CategoryPage'), manifestUrl(), request);
    remote.files['/catalog/static/css/page-category.1a2b3c4d.css'] = '.changed{}';
    remote.files['/catalog/static/css/page-category.5e6f7a8b.css'] = '.v2{}';
    now.mockReturnValue(1_000_000 + REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe('.button{color:blue}');
    remote.files['/catalog/mf-manifest.json'] = manifest('auto', { sync: ['static/css/page-category.5e6f7a8b.css'] });
    now.mockReturnValue(1_000_000 + 2 * REFRESH_MS);
    expect((await pagePreview(page('CategoryPage'), manifestUrl(), request))?.css).toBe('.v2{}');
    expect(remote.hits['/catalog/static/css/page-category.1a2b3c4d.css']).toBe(1);
  });

  it('tries a remote that was down again after REFRESH_MS', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const log = errorLog();
    const manifestFile = remote.files[manifestPath] ?? '';
    remote.files[manifestPath] = '{ broken';
    expect(await pagePreview(page('CategoryPage'), manifestUrl(), request)).toBeNull();
    remote.files[manifestPath] = manifestFile;
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
