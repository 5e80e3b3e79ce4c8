/** @jest-environment node */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { startAfterFirstPaint } from './startup';

/** The head as the shell's build writes it: the entry first, then the start-up preloads. */
const built =
  '<!doctype html><html lang="uk"><head><meta charset="utf-8"/><title data-head>Лабораторія</title>' +
  '<script defer="defer" src="/main.js" fetchpriority="high"></script>' +
  '<link rel="preload" as="style" href="/a.css"><link rel="preload" as="script" href="/b.js">' +
  '<link rel="icon" type="image/png" href="/favicon.png"/>' +
  '</head><body><div id="root"><section><h1>Аналізи</h1></section></div>' +
  '<script type="application/json" id="lab-api-answers">[]</script></body></html>';

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text = '']) => text);
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

describe('the app started after the first paint', () => {
  it('takes the entry script and the start-up preloads out of the head and leaves the rest', () => {
    const { html } = startAfterFirstPaint(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('/main.js');
    expect(head).not.toContain('rel="preload"');
    expect(head).not.toContain('<script');
    expect(head).toContain('<title data-head>Лабораторія</title>');
    expect(head).toContain('<link rel="icon" type="image/png" href="/favicon.png"/>');
    expect(html).toContain('<div id="root"><section><h1>Аналізи</h1></section></div>');
    expect(html).toContain('<script type="application/json" id="lab-api-answers">[]</script>');
  });

  it('adds one inline script, at the end of the body, allowed by the hash of its text', () => {
    const { html, scriptSource } = startAfterFirstPaint(built);
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    const [script = ''] = scripts;
    expect(html).toContain(`<script>${script}</script></body></html>`);
    expect(scriptSource).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('names the preloads in the order of the document, then the entry', () => {
    const [script = ''] = inlineScripts(startAfterFirstPaint(built).html);
    const order = ['/a.css', '/b.js', '/main.js'].map((url) => script.indexOf(`"${url}"`));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('adds nothing before the first frame, then the preloads and the entry in order, once', () => {
    const [script = ''] = inlineScripts(startAfterFirstPaint(built).html);
    const { added, frames, timers } = runStartup(script);
    // scheduled: a frame, and the fallback timer for a tab drawn no frame
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    expect(timers.map((timer) => timer.delay)).toEqual([500]);
    frames[0]?.();
    expect(added).toEqual([]);
    // the frame's callback waits for the paint with a timer of its own
    expect(timers).toHaveLength(2);
    timers[1]?.callback();
    expect(added).toEqual([
      { tag: 'link', rel: 'preload', as: 'style', href: '/a.css' },
      { tag: 'link', rel: 'preload', as: 'script', href: '/b.js' },
      { tag: 'script', src: '/main.js', async: false },
    ]);
    // the 500 ms fallback after the frame adds nothing a second time
    timers[0]?.callback();
    expect(added).toHaveLength(3);
  });

  it('starts the app from the 500 ms timer in a tab that draws no frame (opened in the background)', () => {
    const [script = ''] = inlineScripts(startAfterFirstPaint(built).html);
    const { added, timers } = runStartup(script);
    timers.find((timer) => timer.delay === 500)?.callback();
    expect(added.map((element) => element.href ?? element.src)).toEqual(['/a.css', '/b.js', '/main.js']);
  });

  it('keeps several entries in their order, behind the preloads', () => {
    const html = built.replace(
      '<link rel="preload" as="style" href="/a.css">',
      '<script defer="defer" src="/runtime.js"></script><link rel="preload" as="style" href="/a.css">',
    );
    const [script = ''] = inlineScripts(startAfterFirstPaint(html).html);
    const { added, timers } = runStartup(script);
    timers[0]?.callback();
    expect(added.map((element) => element.href ?? element.src)).toEqual(['/a.css', '/b.js', '/main.js', '/runtime.js']);
    expect(added.filter((element) => element.tag === 'script').every((element) => element.async === false)).toBe(true);
  });

  it("moves the remotes' manifest preloads too, fetched with CORS as the federation runtime fetches them", () => {
    const hinted = built.replace(
      '</head>',
      '<link rel="preconnect" href="http://cdn.example"><link rel="preload" as="fetch" href="http://cdn.example/m.json?a=1&amp;b=2" crossorigin></head>',
    );
    const { html } = startAfterFirstPaint(hinted);
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('<link rel="preconnect" href="http://cdn.example">');
    const { added, frames, timers } = runStartup(inlineScripts(html)[0] ?? '');
    for (const frame of frames) frame();
    for (const timer of timers) timer.callback();
    const manifest = added.find((element) => element.as === 'fetch') as Added & { crossOrigin?: string };
    expect(manifest).toMatchObject({
      rel: 'preload',
      href: 'http://cdn.example/m.json?a=1&b=2',
      crossOrigin: 'anonymous',
    });
    expect(
      (added.find((element) => element.href === '/a.css') as { crossOrigin?: string }).crossOrigin,
    ).toBeUndefined();
  });

  it('leaves a page without an entry script as it is, with no script to allow', () => {
    const html = built.replace('<script defer="defer" src="/main.js" fetchpriority="high"></script>', '');
    expect(startAfterFirstPaint(html)).toEqual({ html, scriptSource: null });
  });

  it('hashes another script for another build', () => {
    const other = startAfterFirstPaint(built.replace('/main.js', '/main.2.js'));
    expect(other.scriptSource).not.toBe(startAfterFirstPaint(built).scriptSource);
  });
});
