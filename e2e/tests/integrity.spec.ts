import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { OPS_ORIGIN } from '../support/api';
import { repoRoot, Site } from '../support/site';

// Integrity that fails closed: the catalogue's release is live, pinned by its digests. Whoever can write
// to its origin changes one byte of a chunk, then replaces its entry: the browser refuses the changed
// file, the catalogue's slot shows its fallback as for a dead remote, the rest of the site works, and
// the operations port counts an `integrity` failure of that release.
const releases = mkdtempSync(join(tmpdir(), 'lab-integrity-releases-'));
const site = new Site({ basePort: 4560, releases });
const env = {
  ...process.env,
  RELEASES_DIR: releases,
  REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
  DEPLOYED_BY: 'catalogue team',
};

function npmRun(script: string, ...args: string[]): string {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1) ?? '';
}

let version = '';
let folder = '';
/** the shell's release folder, live too: its own files are loaded by their digests */
let shellFolder = '';

type ReleaseRow = {
  remote: string;
  version: string;
  route: string | null;
  failuresByKind: Record<string, number>;
};

/** The catalogue release's integrity failures as the operations port counts them. */
async function integrityFailures(page: Page): Promise<number> {
  const answer = await page.request.get(`${OPS_ORIGIN}/ops/vitals?minutes=30`);
  const rows = ((await answer.json()) as { releases: ReleaseRow[] }).releases;
  return (
    rows.find((row) => row.remote === 'mf_catalog' && row.version === version && row.route === null)?.failuresByKind
      .integrity ?? 0
  );
}

/** A first visit to the home page; the catalogue's header slot either works or shows its fallback. */
async function visit(browser: Browser, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(site.url);
  await check(page);
  // leaving hides the page: its beacon goes out
  await page.goto('about:blank');
  await context.close();
}

/**
 * A file replaced as whoever can write to its origin replaces what it serves: the file and its
 * precompressed copies (.br, .gz) alike, the server sending a copy as it is. Returns what puts them back.
 */
function replaceServed(file: string, bytes: Buffer): () => void {
  const copies = (
    [
      [`${file}.br`, brotliCompressSync],
      [`${file}.gz`, gzipSync],
    ] as const
  ).filter(([copy]) => existsSync(copy));
  const originals = [file, ...copies.map(([copy]) => copy)].map((path) => [path, readFileSync(path)] as const);
  writeFileSync(file, bytes);
  for (const [copy, compress] of copies) writeFileSync(copy, compress(bytes));
  return () => {
    for (const [path, original] of originals) writeFileSync(path, original);
  };
}

/** One byte of a file changed in a comment (its source map's name): it would run as before, unchecked. */
function changeOneByte(file: string): () => void {
  const original = readFileSync(file);
  const at = original.lastIndexOf('.js.map');
  expect(at).toBeGreaterThan(0);
  const changed = Buffer.from(original);
  changed[at + 4] = 'M'.charCodeAt(0);
  return replaceServed(file, changed);
}

/** A line of someone else's added to a file, as served. */
const appendServed = (file: string, line: string): (() => void) =>
  replaceServed(file, Buffer.from(`${readFileSync(file, 'utf8')}\n;${line}`));

const searchFallback = (page: Page) => page.locator('header [data-remote-fallback="mf_catalog"]');

/** The rest of the site, untouched by the catalogue's refusal. */
async function restWorks(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
  await expect(page.getByRole('button', { name: 'Увійти до особистого кабінету' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('0 800 102021');
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  version = npmRun('release', 'mf-catalog', '--from', join(repoRoot, 'mf-catalog', 'dist'));
  folder = join(releases, 'mf-catalog', version);
  npmRun('promote', 'mf-catalog', version);
  const shellVersion = npmRun('release', 'shell', '--from', join(repoRoot, 'shell', 'dist'));
  shellFolder = join(releases, 'shell', shellVersion);
  npmRun('promote', 'shell', shellVersion);
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
});

test('one byte of a live remote’s chunk changed on disk: refused, its slot falls back, the rest works, /ops counts it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // as released: the catalogue's header search works
  await visit(browser, async (visitor) => {
    await expect(visitor.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  });
  const chunk = readdirSync(folder).find((file) => /^__federation_expose_SearchButton\.[0-9a-f]{8}\.js$/.test(file));
  expect(chunk).toBeDefined();
  const file = join(folder, chunk ?? '');
  const restore = changeOneByte(file);
  const before = await integrityFailures(page);
  try {
    await visit(browser, async (visitor) => {
      await expect(searchFallback(visitor)).toContainText('Недоступно');
      await expect(visitor.getByRole('button', { name: 'Пошук аналізів' })).toHaveCount(0);
      await restWorks(visitor);
    });
    await expect.poll(() => integrityFailures(page), { timeout: 20_000 }).toBeGreaterThan(before);
  } finally {
    restore();
  }
});

test('a replaced remote entry: refused, the catalogue falls back everywhere, the rest works, /ops counts it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const entry = join(folder, 'remoteEntry.js');
  // what someone with write access to the remote's origin would put there: the entry and a line of theirs
  const restore = appendServed(entry, "document.title = 'changed';");
  const before = await integrityFailures(page);
  try {
    await visit(browser, async (visitor) => {
      await expect(searchFallback(visitor)).toContainText('Недоступно');
      await restWorks(visitor);
      await expect(visitor).not.toHaveTitle('changed');
    });
    await expect.poll(() => integrityFailures(page), { timeout: 20_000 }).toBeGreaterThan(before);
  } finally {
    restore();
  }
  // the file restored, the release works again
  await visit(browser, async (visitor) => {
    await expect(visitor.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  });
});

test('a first visit to a promoted remote’s page preloads its files with their digests and downloads each once', async ({
  page,
}) => {
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    if (request.url().startsWith(site.origin('mf_catalog')))
      asked.set(request.url(), (asked.get(request.url()) ?? 0) + 1);
  });
  const response = await page.goto(`${site.url}/analyzes/hematology`);
  const html = (await response?.text()) ?? '';
  // the server's preview of the released page, and its page files preloaded as its runtime loads them
  expect(html).toContain('data-page-preview>');
  // (a page drawn from its HTML starts its preloads from its script, after its first frame)
  expect(html).toMatch(/\/page-category\.[0-9a-f]{8}\.js","script",1,"sha384-[A-Za-z0-9+/]{64}"/);
  await expect(page.getByRole('heading', { level: 1, name: 'Гематологія' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
});

test('a changed byte of a promoted remote’s page server module: the shell’s server does not run it, the page is served without its preview', async ({
  page,
}) => {
  // a shell instance of its own starts here: on a loaded machine that and the page take over a minute
  test.setTimeout(120_000);
  const module = join(folder, 'server', 'pages.js');
  const original = readFileSync(module);
  writeFileSync(module, `${original.toString('utf8')}\n;globalThis.changed = true;`);
  // a new instance of the shell's server (one that has not read the release yet)
  const other = await site.startShellAt(4590);
  try {
    const response = await page.goto(`${other}/analyzes/hematology`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    // the site's first view of the page (its heading from the address), not the module's preview
    expect(html).not.toContain('data-page-preview>');
    expect(html).not.toContain('page-category.');
    // the page itself works: the browser loads the released, unchanged page code
    await expect(page.getByRole('heading', { level: 1, name: 'Гематологія' })).toBeVisible();
  } finally {
    writeFileSync(module, original);
    await site.stop(`shell@${Number(new URL(other).port)}`);
  }
});

test('the shell’s own files: each tag carries its released digest; a changed page chunk is refused, a changed entry runs nothing', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // every script and style sheet of the shell the page names, at its release's own address (still that
  // release's after the next promotion), with the digest of the released bytes
  const html = (await (await page.request.get(`${site.url}/contacts`)).text()) ?? '';
  const own = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/[^"]+\.(?:js|css))"[^>]*>/g)];
  const base = `/releases/shell/${basename(shellFolder)}/`;
  expect(own.map(([, address]) => address)).toEqual(
    expect.arrayContaining([`${base}main.js`, expect.stringMatching(/\/page-contacts\.[0-9a-f]{8}\.js$/)]),
  );
  for (const [tag, address = ''] of own) {
    expect(address.startsWith(base)).toBe(true);
    const digest = `sha384-${createHash('sha384')
      .update(readFileSync(join(shellFolder, address.slice(base.length))))
      .digest('base64')}`;
    expect(tag).toContain(`integrity="${digest}"`);
  }

  // the contacts page's chunk changed: refused, the page says it could not be loaded, the rest works
  const chunk = readdirSync(shellFolder).find((file) => /^page-contacts\.[0-9a-f]{8}\.js$/.test(file)) ?? '';
  const restoreChunk = changeOneByte(join(shellFolder, chunk));
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/contacts`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Не вдалося завантажити сторінку' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
    await expect(visitor.getByRole('contentinfo')).toContainText('0 800 102021');
    await context.close();
  } finally {
    restoreChunk();
  }

  // the entry changed: the browser runs none of it; the server's first view is what the visitor reads
  const restoreEntry = appendServed(join(shellFolder, 'main.js'), "document.title = 'changed';");
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const refused = visitor.waitForEvent('console', (message) => /integrity.*\/main\.js/.test(message.text()));
    await visitor.goto(site.url);
    await refused;
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText('78');
    await expect(visitor).not.toHaveTitle('changed');
    expect(await visitor.evaluate(() => '__FEDERATION__' in window)).toBe(false);
    await context.close();
  } finally {
    restoreEntry();
  }
});
