// `npm run bench -- --server-ab <commit>`: the site's server of an older commit (its
// packages/serve/src, taken from git) against today's, both serving the same
// build with today's page logic (the shell's server, shell/server/main.ts, loads the older file in place
// of @lab/serve), alternating A-B-A-B: each round measures every page's bytes on the wire on A then B,
// then runs Lighthouse once per page on A then B. Prints the medians of each side (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './chromium.mjs';
import { lighthouseOnce } from './lighthouse.mjs';
import { median } from './median.mjs';
import { measurePages, prepare } from './pages.mjs';

/**
 * The older server's sources in a folder of their own, with an adapter giving a node:http server the
 * promise-based listen/close today's callers use, and a preload (for NODE_OPTIONS) that points the
 * shell's `@lab/serve` there. The folder is under packages/serve/node_modules, so that what the older
 * files import (Fastify and its plugins) resolves to the package's dependencies.
 * @returns {{ dir: string, cli: string, env: NodeJS.ProcessEnv, loaded: string }}
 */
export function olderServer(root, commit) {
  const cache = join(root, 'packages', 'serve', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'server-ab-'));
  const archive = spawnSync('git', ['archive', '--format=tar', commit, 'packages/serve/src'], { cwd: root });
  if (archive.status !== 0) throw new Error(`git archive ${commit} packages/serve/src: ${archive.stderr}`);
  const unpacked = spawnSync('tar', ['-x', '--strip-components=3', '-C', dir], { input: archive.stdout });
  if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr}`);
  // the server's module: server.mjs up to 4631cdb, index.ts (run through tsx) since
  const entry = existsSync(join(dir, 'server.mjs')) ? './server.mjs' : './index.ts';
  const loaded = `the site's server of ${commit}`;
  writeFileSync(
    join(dir, 'adapter.mjs'),
    `import * as older from '${entry}';
export * from '${entry}';
console.log(${JSON.stringify(loaded)});
export function createStaticServer(options) {
  const server = older.createStaticServer(options);
  if (typeof server.addHook === 'function') return server; // Fastify already
  return {
    listen: ({ port, host }) => new Promise((done, fail) => server.once('error', fail).listen(port, host, done)),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
`,
  );
  // the shell's server runs as CommonJS under tsx: its require of @lab/serve is the one to redirect
  writeFileSync(
    join(dir, 'preload.cjs'),
    `const Module = require('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === '@lab/serve' ? ${JSON.stringify(join(dir, 'adapter.mjs'))} : resolveFilename.call(this, request, ...rest);
};
`,
  );
  const env = {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${join(dir, 'preload.cjs')}`,
  };
  return { dir, cli: join(dir, 'cli.mjs'), env, loaded };
}

/** Every response's bytes on the wire (headers and body, as sent): all, JS + CSS, the API's answers. */
const wireOf = ({ wire: { byType, requests } }) => ({
  total: Object.values(byType).reduce((sum, bytes) => sum + bytes, 0),
  jsCss: (byType.script ?? 0) + (byType.stylesheet ?? 0),
  api: (byType.fetch ?? 0) + (byType.xhr ?? 0),
  requests,
});

/**
 * @param {{ sites: Record<'A' | 'B', { url: string, appsByOrigin: Record<string, string> }>,
 *   pages: { name: string, path: string, needs?: 'cart' | 'session' }[], rounds: number }} options
 * @returns {Promise<{ rounds: object[] }>} each round's figures per side and page
 */
export async function compareServers({ sites, pages, rounds }) {
  // a signed-in page's Lighthouse runs with the demo patient's cookie of that site
  const cookies = {};
  const browser = await launchChromium();
  try {
    for (const [side, site] of Object.entries(sites)) {
      const state = await prepare(browser, site.url, 'session');
      cookies[side] = state.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      // the next code to the same phone: after the API's resend pause (AUTH_RESEND_SECONDS, 1 s here)
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
  } finally {
    await browser.close();
  }
  const results = [];
  for (let round = 1; round <= rounds; round += 1) {
    const figures = { A: {}, B: {} };
    for (const side of ['A', 'B']) {
      console.log(`▶ server A-B round ${round}: bytes on ${side}`);
      const bytes = await measurePages(sites[side], pages);
      for (const page of pages) figures[side][page.name] = { wire: wireOf(bytes[page.name]) };
    }
    for (const page of pages) {
      for (const side of ['A', 'B']) {
        console.log(`▶ server A-B round ${round}: lighthouse ${page.name} on ${side}`);
        const cookie = page.needs === 'session' ? cookies[side] : undefined;
        figures[side][page.name].lighthouse = await lighthouseOnce(`${sites[side].url}${page.path}`, { cookie });
      }
    }
    results.push(figures);
  }
  return { rounds: results };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const FIGURES = [
  ['bytes on the wire, KB', (f) => f.wire.total, kb],
  ['JS + CSS on the wire, KB', (f) => f.wire.jsCss, kb],
  ['API answers on the wire, KB', (f) => f.wire.api, kb],
  ['Lighthouse total bytes, KB', (f) => f.lighthouse.bytes, kb],
  ['performance', (f) => f.lighthouse.performance, String],
  ['LCP ms', (f) => f.lighthouse.lcp, (v) => String(Math.round(v))],
  ['TBT ms', (f) => f.lighthouse.tbt, (v) => String(Math.round(v))],
  ['CLS', (f) => f.lighthouse.cls, (v) => v.toFixed(3)],
];

/** The medians table (A → B per figure) and each round's Lighthouse figures, in Markdown. */
export function formatServerAB({ date, machine, commit, pages, rounds }) {
  const sideOf = (side, page, pick) => rounds.map((round) => pick(round[side][page]));
  const lines = [
    `Run ${date.slice(0, 16).replace('T', ' ')} UTC on ${machine}: A is the site's server of ${commit}, B today's,`,
    `the same build and page logic, ${rounds.length} rounds A-B-A-B; medians, A → B.`,
    '',
    `| page | ${FIGURES.map(([name]) => name).join(' | ')} |`,
    `| --- | ${FIGURES.map(() => '---:').join(' | ')} |`,
  ];
  for (const { name } of pages) {
    const cells = FIGURES.map(
      ([, pick, show]) => `${show(median(sideOf('A', name, pick)))} → ${show(median(sideOf('B', name, pick)))}`,
    );
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    'Each run: bytes on the wire KB / Lighthouse performance / LCP ms / TBT ms.',
    '',
    `| page | ${rounds.flatMap((_, index) => [`A ${index + 1}`, `B ${index + 1}`]).join(' | ')} |`,
    `| --- | ${rounds.flatMap(() => ['---', '---']).join(' | ')} |`,
  );
  for (const { name } of pages) {
    const cell = (f) =>
      `${kb(f.wire.total)} / ${f.lighthouse.performance} / ${Math.round(f.lighthouse.lcp)} / ${Math.round(f.lighthouse.tbt)}`;
    lines.push(`| ${name} | ${rounds.flatMap((round) => [cell(round.A[name]), cell(round.B[name])]).join(' | ')} |`);
  }
  return lines.join('\n');
}
