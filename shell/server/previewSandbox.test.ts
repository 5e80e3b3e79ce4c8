/** @jest-environment node */
// A remote's preview module runs in the sandbox: what it may do (render from the request), and what it
// may not (require, process and its environment, the file system, the network, looping, endless memory).
import type { PageRequest } from '@lab/pages/routes';
import { BENCH_MS, PreviewSandbox, RENDER_TIMEOUT_MS, STRIKES } from './previewSandbox';
import { ATTACKS, BEHAVED_HTML, BEHAVED_MODULE, ESCAPED_MARK } from './sandboxAttacks';

const request: PageRequest = {
  url: '/analyzes/hematology',
  routes: ['mf_catalog/category'],
  params: { slug: 'hematology' },
  locale: 'ua',
  origin: 'http://site',
  settlementId: 9,
  answers: [],
  preview: true,
  stored: { cityId: 9 },
};

let sandbox: PreviewSandbox;
beforeEach(() => {
  sandbox = new PreviewSandbox();
});
afterEach(() => sandbox.close());

/** A module whose render runs `body` and answers its value as the page's HTML. */
const moduleRendering = (body: string) =>
  `exports.describePage = (r) => { ${body} };\nexports.describePage.kind = 'test';`;

async function rendered(body: string) {
  const module = await sandbox.load('http://remote/server/pages.js', moduleRendering(body));
  return sandbox.describe(module, request);
}

describe('a preview module in the sandbox', () => {
  it('renders from the request it is handed, and answers its page metadata', async () => {
    await expect(
      rendered("return { html: '<h1>' + r.url + ' ' + r.stored.cityId + '</h1>', meta: { title: 'Гематологія' } };"),
    ).resolves.toEqual({ html: '<h1>/analyzes/hematology 9</h1>', meta: { title: 'Гематологія' } });
    // React's server renderer needs a TextEncoder: the sandbox's own, UTF-8
    await expect(
      rendered(
        "return Array.from(new TextEncoder().encode('Аб€😀')).join(',') + ' ' + new TextDecoder().decode(new TextEncoder().encode('Аб€😀'));",
      ),
    ).resolves.toBe('208,144,208,177,226,130,172,240,159,152,128 Аб€😀');
  });

  it('waits for an answer that is a promise settled by microtasks (a route loading its page), not for one never settled', async () => {
    await expect(
      rendered(
        "return Promise.resolve().then(() => Promise.resolve({ html: 'later ' + r.url })).then((page) => page);",
      ),
    ).resolves.toEqual({ html: 'later /analyzes/hematology' });
    await expect(rendered('return new Promise(() => {});')).rejects.toThrow(/not described/);
    await expect(rendered("return Promise.reject(new Error('no such page'));")).rejects.toThrow(/no such page/);
  });

  it('keeps a module’s state between renders, and nothing between two modules', async () => {
    const counting = 'let renders = 0;\nexports.describePage = () => String(++renders);';
    const first = await sandbox.load('http://a/server/pages.js', counting);
    const second = await sandbox.load('http://b/server/pages.js', `${counting}\n// another build`);
    expect(await sandbox.describe(first, request)).toBe('1');
    expect(await sandbox.describe(first, request)).toBe('2');
    expect(await sandbox.describe(second, request)).toBe('1');
  });

  it.each([
    ['require', "return String(require('node:fs').readFileSync('/etc/passwd'));", /require is not defined/],
    ['process and its environment', 'return JSON.stringify(process.env);', /process is not defined/],
    ['the network', "fetch('http://127.0.0.1:1/'); return 'sent';", /fetch is not defined/],
    ['timers', "setTimeout(() => {}, 10); return 'later';", /setTimeout is not defined/],
    ['code from strings', "return Function('return this')().process.env;", /Code generation from strings disallowed/],
    ['the host through its constructors', "return this.constructor.constructor('return process')().env;", /./],
  ])('refuses a module that reaches for %s', async (_what, body, message) => {
    await expect(rendered(body)).rejects.toThrow(message);
    // and the sandbox goes on serving
    await expect(rendered("return 'ok';")).resolves.toBe('ok');
  });

  it('refuses a dynamic import of a Node.js module', async () => {
    const module = await sandbox.load(
      'http://remote/server/pages.js',
      `let outcome = 'none';
       exports.describePage = (r) => {
         if (r.url !== '/import') return outcome;
         import('node:fs').then(() => { outcome = 'loaded'; }, () => { outcome = 'refused'; });
         return 'asked';
       };`,
    );
    expect(await sandbox.describe(module, { ...request, url: '/import' })).toBe('asked');
    expect(await sandbox.describe(module, request)).toBe('refused');
  });

  it('ends a module that loops, within its time limit, and serves the next render', async () => {
    const started = Date.now();
    await expect(rendered('for (;;) {}')).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS * 3);
    await expect(rendered("return 'next';")).resolves.toBe('next');
  });

  it('ends a module that loops in promises (microtasks count against its time)', async () => {
    await expect(rendered("const spin = () => Promise.resolve().then(spin); spin(); return 'spun';")).rejects.toThrow();
    await expect(rendered("return 'next';")).resolves.toBe('next');
  });

  it('refuses a module that allocates without end, and a new worker serves the next render', async () => {
    await expect(rendered('const keep = []; for (;;) keep.push(new Array(1e6).fill(keep.length));')).rejects.toThrow();
    await expect(rendered("return 'after';")).resolves.toBe('after');
  }, 30_000);

  it('loads a module again into a new worker after a failure', async () => {
    const module = await sandbox.load('http://remote/server/pages.js', moduleRendering("return 'kept';"));
    await expect(rendered('for (;;) {}')).rejects.toThrow();
    await expect(sandbox.describe(module, request)).resolves.toBe('kept');
  });

  it('refuses a module that does not run or exports no describePage', async () => {
    await expect(sandbox.load('http://remote/server/pages.js', 'exports.describePage = (r) => {')).rejects.toThrow();
    await expect(sandbox.load('http://remote/server/pages.js', 'exports.other = 1;')).rejects.toThrow(
      /no describePage/,
    );
    await expect(sandbox.load('http://remote/server/pages.js', 'while (true) {}')).rejects.toThrow(/timed out/);
  }, 15_000);
});

describe('a module that attacks the sandbox', () => {
  it.each(ATTACKS.map((attack) => [attack.name, attack] as const))(
    'is contained: %s',
    async (_name, attack) => {
      const module = await sandbox.load('http://remote/server/pages.js', attack.source);
      for (let time = 0; time < (attack.twice ? 2 : 1); time += 1) {
        const outcome = await sandbox.describe(module, request).then(
          (answer) => JSON.stringify(answer).slice(0, 200),
          (error: Error) => `refused: ${error.message}`,
        );
        expect(outcome).not.toContain(ESCAPED_MARK);
        expect(outcome).toMatch(/^refused: /);
      }
      // and the sandbox goes on serving the other modules
      const behaved = await sandbox.load('http://other/server/pages.js', BEHAVED_MODULE);
      await expect(sandbox.describe(behaved, request)).resolves.toMatchObject({ html: BEHAVED_HTML });
    },
    30_000,
  );

  it(`does not ask a module that ran out of time ${STRIKES} times in a row, for a while, then asks it again`, async () => {
    let now = 1_000_000;
    const clocked = new PreviewSandbox(() => now);
    try {
      const module = await clocked.load(
        'http://remote/server/pages.js',
        moduleRendering("if (r.url === '/ok') return 'ok'; for (;;) {}"),
      );
      for (let time = 0; time < STRIKES; time += 1) {
        await expect(clocked.describe(module, request)).rejects.toThrow(/timed out/);
      }
      await expect(clocked.describe(module, { ...request, url: '/ok' })).rejects.toThrow(/not asked until/);
      // other modules are asked meanwhile
      const behaved = await clocked.load('http://other/server/pages.js', BEHAVED_MODULE);
      await expect(clocked.describe(behaved, request)).resolves.toMatchObject({ html: BEHAVED_HTML });
      now += BENCH_MS;
      await expect(clocked.describe(module, { ...request, url: '/ok' })).resolves.toBe('ok');
    } finally {
      await clocked.close();
    }
  }, 20_000);

  it('takes an answer up to its limit, and refuses a larger one before it reaches the server', async () => {
    await expect(rendered("return 'x'.repeat(1e6);")).resolves.toHaveLength(1e6);
    await expect(rendered("return 'x'.repeat(3e6);")).rejects.toThrow(/larger than/);
  });
});
