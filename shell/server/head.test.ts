/** @jest-environment node */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { readPath, reads } from '@lab/api';
import { type HeadInput, renderHead, tapCaptureScript } from './head';

/** The start-up files as the shell's build lists them (startup.json): the entry, then its chunks. */
const startup = {
  scripts: ['/main.js'],
  preloads: [
    { href: '/a.css', as: 'style' as const },
    { href: '/b.js', as: 'script' as const },
  ],
};

const page = (overrides: Partial<HeadInput> = {}): HeadInput => ({
  meta: { title: 'Аналізи' },
  path: '/analyzes',
  locale: 'ua',
  origin: 'http://lab.example',
  crumbs: [],
  startup,
  drawn: false,
  remoteHints: null,
  deployment: null,
  pageFiles: { scripts: [], styles: [] },
  early: [],
  preview: null,
  ...overrides,
});

const hinted = { mf_catalog: { manifest: 'http://cdn.example/m.json?a=1&b=2', routes: ['analyzes'] } };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** Every page's first script: it keeps a tap on the first view for the app (features/taps). */
const capture = sha256(tapCaptureScript);

/** The page's own inline scripts (all but the tap capture, which every page has). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map(([, text = '']) => text)
    .filter((text) => text !== tapCaptureScript);
}

type Added = { tag: string; rel?: string; as?: string; href?: string; src?: string; async?: boolean };

/**
 * Runs the inline script against a minimal document: what it appends to the head, and the callbacks
 * it scheduled (a frame, timers), for the test to fire.
 */
function runStartup(script: string) {
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; delay: number | undefined }[] = [];
  const document = {
    createElement: (tag: string) => ({ tag }) as Added,
    head: { appendChild: (element: Added) => added.push({ ...element }) },
  };
  runInNewContext(script, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay?: number) => timers.push({ callback, delay }),
  });
  return { added, frames, timers };
}

const tagsOf = (html: string) => html.match(/<(?:link|script|meta|title|base)\b[^>]*>/g) ?? [];

describe('the head of a page', () => {
  it('writes the entry and the start-up preloads once, then the managed head and the remotes’ hints', () => {
    const { head, bodyEnd } = renderHead(
      page({
        remoteHints: hinted,
        pageFiles: { scripts: ['http://cdn.example/p.js'], styles: ['http://cdn.example/p.css'] },
      }),
    );
    const tags = tagsOf(head);
    expect(tags.slice(0, 3)).toEqual([
      '<script defer="defer" src="/main.js" fetchpriority="high">',
      '<link rel="preload" as="style" href="/a.css">',
      '<link rel="preload" as="script" href="/b.js">',
    ]);
    expect(head).toContain('<title data-head>Аналізи | Медична лабораторія</title>');
    expect(head).toContain('<link rel="preload" as="fetch" href="http://cdn.example/m.json?a=1&amp;b=2" crossorigin>');
    expect(head).toContain('<link rel="preload" as="script" href="http://cdn.example/p.js">');
    expect(head).toContain('<link rel="preload" as="style" href="http://cdn.example/p.css">');
    // no tag twice
    expect(new Set(tags).size).toBe(tags.length);
    expect(bodyEnd).toBe('');
  });

  it('without hints (the bench’s "before") carries neither the map nor any remote or page file', () => {
    const { head } = renderHead(page({ pageFiles: { scripts: ['http://cdn.example/p.js'], styles: [] } }));
    expect(head).not.toContain('lab-remotes');
    expect(head).not.toContain('cdn.example');
  });

  it('preloads a pinned release’s page files with their digests and CORS, as its runtime loads them', () => {
    const digests = { 'http://cdn.example/p.js': 'sha384-js', 'http://cdn.example/p.css': 'sha384-css' };
    const files = {
      scripts: ['http://cdn.example/p.js', 'http://cdn.example/q.js'],
      styles: ['http://cdn.example/p.css'],
      digests,
    };
    const { head } = renderHead(page({ remoteHints: hinted, pageFiles: files }));
    expect(head).toContain(
      '<link rel="preload" as="script" href="http://cdn.example/p.js" crossorigin integrity="sha384-js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" href="http://cdn.example/p.css" crossorigin integrity="sha384-css">',
    );
    expect(head).toContain('<link rel="preload" as="script" href="http://cdn.example/q.js">');
    // a page drawn from its HTML starts them from its script, with the same attributes
    const [start = ''] = inlineScripts(
      renderHead(page({ drawn: true, remoteHints: hinted, pageFiles: files })).bodyEnd,
    );
    expect(start).toContain('["http://cdn.example/p.js","script",1,"sha384-js"]');
    expect(start).toContain('l.integrity=p[3]');
  });

  it("writes the shell's own files with their digests, without CORS (its runtime loads them so: one download)", () => {
    const ownDigests = { '/main.js': 'sha384-main', '/a.css': 'sha384-a', '/b.js': 'sha384-b', '/s.js': 'sha384-s' };
    const shellPage = { scripts: ['/s.js'], styles: [] };
    const { head } = renderHead(page({ remoteHints: hinted, pageFiles: shellPage, ownDigests }));
    expect(tagsOf(head).slice(0, 3)).toEqual([
      '<script defer="defer" src="/main.js" integrity="sha384-main" fetchpriority="high">',
      '<link rel="preload" as="style" href="/a.css" integrity="sha384-a">',
      '<link rel="preload" as="script" href="/b.js" integrity="sha384-b">',
    ]);
    expect(head).toContain('<link rel="preload" as="script" href="/s.js" integrity="sha384-s">');
    // drawn from its HTML: the start script gives the preloads and the entry the same digests
    const start = inlineScripts(renderHead(page({ drawn: true, ownDigests })).bodyEnd)[0] ?? '';
    const { added, timers } = runStartup(start);
    timers[0]?.callback();
    const integrityOf = (element: Added) => (element as { integrity?: string }).integrity;
    expect(added.map((element) => [element.href ?? element.src, integrityOf(element)])).toEqual([
      ['/a.css', 'sha384-a'],
      ['/b.js', 'sha384-b'],
      ['/main.js', 'sha384-main'],
    ]);
    expect(added.some((element) => (element as { crossOrigin?: string }).crossOrigin)).toBe(false);
  });

  it('names the deployment it is served with in a meta when the map is not inline (the map names it)', () => {
    const tag = '<meta name="lab-deployment" content="12">';
    expect(renderHead(page({ deployment: 12 })).head).toContain(tag);
    expect(renderHead(page({ deployment: 12, remoteHints: hinted })).head).not.toContain('lab-deployment');
    expect(renderHead(page({ deployment: null })).head).not.toContain('lab-deployment');
  });

  it("starts a signed-in visitor's personal reads from an inline script, allowed by its hash", () => {
    const { head, scriptHashes } = renderHead(page({ early: [readPath(reads.order('7', 'ua'))] }));
    const [early = ''] = inlineScripts(head);
    expect(early).toContain('/api/private/order/orders/7');
    expect(scriptHashes).toEqual([capture, sha256(early)]);
  });

  it('keeps a tap on the first view for the app from a script in the head, before anything is drawn', () => {
    const { head, scriptHashes } = renderHead(page({}));
    expect(head).toContain(`<script>${tapCaptureScript}</script>`);
    expect(head.indexOf(tapCaptureScript)).toBeLessThan(head.indexOf('</style>') + 200);
    expect(scriptHashes).toEqual([capture]);
  });
});

describe('a page drawn from its HTML, started after its first paint', () => {
  const drawn = () =>
    renderHead(
      page({ drawn: true, remoteHints: hinted, pageFiles: { scripts: ['http://cdn.example/p.js'], styles: [] } }),
    );

  it('writes no script or preload into the head, only the managed head and the connections', () => {
    const { head } = drawn();
    expect(head).not.toContain('/main.js');
    expect(head).not.toContain('rel="preload"');
    expect(inlineScripts(head)).toEqual([]);
    expect(head).toContain('<link rel="preconnect" href="http://cdn.example">');
  });

  it('adds one inline script at the end of the body, allowed by the hash of its text', () => {
    const { bodyEnd, scriptHashes } = drawn();
    const scripts = inlineScripts(bodyEnd);
    expect(scripts).toHaveLength(1);
    expect(scriptHashes).toEqual([capture, sha256(scripts[0] ?? '')]);
  });

  it('adds nothing before the first frame, then the preloads in order and the entry, once', () => {
    const { added, frames, timers } = runStartup(inlineScripts(drawn().bodyEnd)[0] ?? '');
    // scheduled: a frame, and the fallback timer for a tab drawn no frame
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    expect(timers.map((timer) => timer.delay)).toEqual([500]);
    frames[0]?.();
    expect(added).toEqual([]);
    // the frame's callback waits for the paint with a timer of its own
    expect(timers).toHaveLength(2);
    timers[1]?.callback();
    expect(added.map((element) => element.href ?? element.src)).toEqual([
      '/a.css',
      '/b.js',
      'http://cdn.example/m.json?a=1&b=2',
      'http://cdn.example/p.js',
      '/main.js',
    ]);
    // the manifest is fetched with CORS, as the federation runtime fetches it; the rest without
    const cors = added.map((element) => (element as { crossOrigin?: string }).crossOrigin);
    expect(cors).toEqual([undefined, undefined, 'anonymous', undefined, undefined]);
    // the 500 ms fallback after the frame adds nothing a second time
    timers[0]?.callback();
    expect(added).toHaveLength(5);
  });

  it('starts the app from the 500 ms timer in a tab that draws no frame (opened in the background)', () => {
    const { added, timers } = runStartup(inlineScripts(drawn().bodyEnd)[0] ?? '');
    timers.find((timer) => timer.delay === 500)?.callback();
    expect(added.at(-1)).toEqual({ tag: 'script', src: '/main.js', async: false });
  });

  it('keeps several entries in their order, behind the preloads', () => {
    const { bodyEnd } = renderHead(
      page({ drawn: true, startup: { ...startup, scripts: ['/main.js', '/runtime.js'] } }),
    );
    const { added, timers } = runStartup(inlineScripts(bodyEnd)[0] ?? '');
    timers[0]?.callback();
    expect(added.map((element) => element.href ?? element.src)).toEqual(['/a.css', '/b.js', '/main.js', '/runtime.js']);
    expect(added.filter((element) => element.tag === 'script').every((element) => element.async === false)).toBe(true);
  });

  it('is started as any page when the build lists no entry', () => {
    const { head, bodyEnd } = renderHead(page({ drawn: true, startup: { scripts: [], preloads: [] } }));
    expect(bodyEnd).toBe('');
    expect(inlineScripts(head)).toEqual([]);
  });
});
