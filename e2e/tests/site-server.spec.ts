import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, Site } from '../support/site';

// The site's own server as an integrator meets it, through the site's address: the API's answers to an
// oversize body (the API's own 413, the connection still usable), and the first requests after every
// promotion and rollback of a remote answered.
const releases = mkdtempSync(join(tmpdir(), 'lab-site-server-'));
const site = new Site({ basePort: 5100, releases });
const env = {
  ...process.env,
  RELEASES_DIR: releases,
  REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
  DEPLOYED_BY: 'catalogue team',
};
/** the development laboratory system's key (packages/server/src/config.ts: DEV_LIS_KEY), outside production */
const LIS_KEY = 'dev-lis-key-for-development-only';

/** One of the root's commands, as the team runs it (synchronously, as a release check does). */
function npmRun(script: string, ...args: string[]): string {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1) ?? '';
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; socket: Socket };

/** One request over `agent` (keep-alive, one connection), with the connection it was answered on. */
function send(
  agent: http.Agent,
  url: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length, ...headers } : headers,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            socket: request.socket as Socket,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let v1 = '';
let v2 = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  v1 = npmRun('release', 'mf-catalog', '--from', join(repoRoot, 'mf-catalog', 'dist'));
  const next = mkdtempSync(join(tmpdir(), 'mf-catalog-next-'));
  cpSync(join(repoRoot, 'mf-catalog', 'dist'), next, { recursive: true });
  writeFileSync(join(next, 'NOTE.txt'), 'the next release\n');
  v2 = npmRun('release', 'mf-catalog', '--from', next);
  rmSync(next, { recursive: true, force: true });
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
});

test('an oversize body through the site gets the API’s 413, and the next request on its connection is answered', async () => {
  const oversize: { path: string; size: number; headers: Record<string, string> }[] = [
    { path: '/api/app/vitals', size: 200 * 1024, headers: {} },
    { path: '/api/lis/results', size: 5 * 1024 * 1024, headers: { 'x-api-key': LIS_KEY } },
    { path: '/api/public/auth', size: 3 * 1024 * 1024, headers: {} },
  ];
  for (const { path, size, headers } of oversize) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const body = Buffer.from(`{"x":"${'a'.repeat(size - 8)}"}`);
        const answer = await send(agent, `${site.url}${path}`, { method: 'POST', body, headers });
        expect(answer.status, `${path}, ${size} bytes`).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload-too-large' });
        const next = await send(agent, `${site.url}/api/ready`);
        expect(next.status).toBe(200);
        expect(next.socket).toBe(answer.socket);
      }
    } finally {
      agent.destroy();
    }
  }
});

/**
 * The canary `npm run promote -- --canary` wrote, started again by pointer (its document, the version one
 * up): its gate and digests, seconds of work on a busy machine, are the same every time.
 */
function canaryAgain(document: string): void {
  const file = join(releases, 'deployment.json');
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: number };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ ...JSON.parse(document), version: version + 1 }));
  renameSync(temporary, file);
}

test('100 rollbacks: the first request after every move is answered, and answered with the move', async () => {
  test.setTimeout(600_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // a visitor on the canary's side (bucket 7 of 100, the canary has 50)
  const catalogue = async () => {
    const answer = await send(agent, `${site.url}/remotes.json`, { headers: { cookie: 'canaryBucket=7' } });
    expect(answer.status).toBe(200);
    const map = JSON.parse(answer.body) as Record<string, { manifest: string }>;
    return { manifest: map.mf_catalog?.manifest ?? '', deployment: Number(answer.headers['x-deployment']) };
  };
  const at = (version: string) => `${site.origin('mf_catalog')}/releases/${version}/mf-manifest.json`;
  let rollbacks = 0;
  let answered = 0;
  try {
    npmRun('promote', 'mf-catalog', v1);
    npmRun('promote', 'mf-catalog', v2, '--canary', '50');
    const canary = readFileSync(join(releases, 'deployment.json'), 'utf8');
    let moved = await catalogue();
    expect(moved.manifest).toBe(at(v2));
    for (let round = 0; round < 100; round += 1) {
      // the canary ended: everyone back on the stable release
      npmRun('rollback', 'mf-catalog');
      rollbacks += 1;
      const rolledBack = await catalogue();
      expect(rolledBack).toEqual({ manifest: at(v1), deployment: moved.deployment + 1 });
      // the page and the catalogue's own files, as a visitor's next steps
      expect((await send(agent, `${site.url}/`)).status).toBe(200);
      expect((await send(agent, at(v1))).status).toBe(200);
      answered += 3;
      canaryAgain(canary);
      moved = await catalogue();
      expect(moved).toEqual({ manifest: at(v2), deployment: rolledBack.deployment + 1 });
      answered += 1;
    }
  } finally {
    agent.destroy();
    test
      .info()
      .annotations.push({ type: 'answered', description: `${answered} requests around ${rollbacks} rollbacks` });
    console.log(`${rollbacks} rollbacks, ${answered} requests answered`);
  }
  expect(answered).toBe(400);
});
