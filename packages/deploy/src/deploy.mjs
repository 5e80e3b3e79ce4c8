#!/usr/bin/env node
// The deploy API's client: `npm run release/promote/canary/rollback` use it, and a team's pipeline outside
// this repository runs it as it is (Node 20, nothing to install; the API serves it at /v1/deploy.mjs):
//
//   DEPLOY_URL=https://deploy.example DEPLOY_TOKEN=labdt_… node deploy.mjs release mf-auth dist
//   node deploy.mjs canary mf-auth <version> --share 10     (judged by the canary judge)
//   node deploy.mjs promote mf-auth <version> [--canary <percent>]
//   node deploy.mjs widen mf-auth <percent>   |   node deploy.mjs rollback mf-auth
//   node deploy.mjs status   |   node deploy.mjs history [app]
//
// `release` packs the build folder as the API takes it: one .tar.gz with release.json listing the SHA-384
// of every file (the API checks each and stores nothing on a mismatch), and prints the version on the last
// line of stdout. Node's own modules only, so that the file can be copied anywhere.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/** A refusal of the API (its `{ code, message }`), or a failure to reach it. */
export class DeployError extends Error {
  constructor(message, { status = 0, code = 'unreachable', body = null } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) return filesOf(join(dir, entry.name), base);
      return entry.isFile() ? [relative(base, join(dir, entry.name)).split(sep).join('/')] : [];
    })
    .sort();
}

// ---- a ustar archive (POSIX.1-1988), the subset a build folder needs: regular files

const BLOCK = 512;

function octal(value, length) {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** Where a path longer than 100 bytes is cut between the header's prefix (155) and name (100) fields. */
function splitPath(path) {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new DeployError(`${path} is too long a path for the archive`, { code: 'path-too-long' });
}

function header(path, size, mtime) {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(path);
  const put = (text, offset) => block.write(text, offset, 'utf8');
  put(name, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(mtime, 12), 136);
  put('        ', 148);
  put('0', 156);
  put('ustar\0', 257);
  put('00', 263);
  put(prefix, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The archive of `entries` ([path, bytes]), gzipped. */
export function tarGz(entries, mtime = 0) {
  const parts = [];
  for (const [path, bytes] of entries) {
    parts.push(header(path, bytes.length, mtime), bytes, Buffer.alloc((BLOCK - (bytes.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * A build folder as the API takes it: every file (a release.json in it aside) and a release.json listing
 * their SHA-384, with the commit that built them when known.
 */
export function packRelease(folder, { commit = null } = {}) {
  const files = filesOf(folder).filter((file) => file !== 'release.json');
  if (files.length === 0) throw new DeployError(`${folder} holds no files`, { code: 'empty-build' });
  const entries = files.map((file) => [file, readFileSync(join(folder, file))]);
  const listed = Object.fromEntries(entries.map(([file, bytes]) => [file, sha384(bytes)]));
  const release = Buffer.from(`${JSON.stringify({ commit, files: listed }, null, 2)}\n`);
  const mtime = Number(process.env.SOURCE_DATE_EPOCH) || Math.floor(Date.now() / 1000);
  return tarGz([['release.json', release], ...entries], mtime);
}

/** The commit a pipeline builds (its CI's variable), else git's, else none. */
export function commitOf(cwd = process.cwd()) {
  const fromCi = process.env.DEPLOY_COMMIT || process.env.GITHUB_SHA || process.env.CI_COMMIT_SHA;
  if (fromCi) return fromCi.slice(0, 40);
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

/** The API at `url` with `token`: each method is one route (GET /v1/openapi.json documents them). */
export class DeployClient {
  constructor(url, token) {
    this.url = url.replace(/\/+$/, '');
    this.token = token;
  }

  async call(method, path, { json, bytes } = {}) {
    let answer;
    try {
      answer = await fetch(`${this.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(bytes ? { 'content-type': 'application/gzip' } : {}),
        },
        body: json !== undefined ? JSON.stringify(json) : bytes,
      });
    } catch (error) {
      throw new DeployError(
        `the deploy API at ${this.url} cannot be reached: ${error.cause?.message ?? error.message}`,
      );
    }
    const text = await answer.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text };
    }
    if (!answer.ok) {
      const retry = answer.headers.get('retry-after');
      throw new DeployError(
        `${body?.message ?? `${answer.status} ${answer.statusText}`}${retry ? ` (retry after ${retry} s)` : ''}`,
        {
          status: answer.status,
          code: body?.code ?? 'http-error',
          body,
        },
      );
    }
    return { status: answer.status, body };
  }

  async whoami() {
    return (await this.call('GET', '/v1/whoami')).body;
  }
  async deployment() {
    return (await this.call('GET', '/v1/deployment')).body;
  }
  async history(app, limit = 50) {
    const query = new URLSearchParams({ limit: String(limit), ...(app ? { app } : {}) });
    return (await this.call('GET', `/v1/history?${query}`)).body;
  }
  async releases(app) {
    return (await this.call('GET', `/v1/apps/${encodeURIComponent(app)}/releases`)).body;
  }
  /** Uploads the build folder as a release of `app`: `{ version, created }`. */
  async release(app, folder, { commit } = {}) {
    const bytes = packRelease(folder, { commit });
    return (await this.call('POST', `/v1/apps/${encodeURIComponent(app)}/releases`, { bytes })).body;
  }
  async move(app, action, json = {}) {
    return (await this.call('POST', `/v1/apps/${encodeURIComponent(app)}/${action}`, { json })).body;
  }
  promote(app, version, { canary } = {}) {
    return this.move(app, 'promote', { version, ...(canary !== undefined ? { canary } : {}) });
  }
  canary(app, version, share) {
    return this.move(app, 'canary', { version, share });
  }
  widen(app, share) {
    return this.move(app, 'widen', { share });
  }
  rollback(app) {
    return this.move(app, 'rollback', {});
  }
}

/** The client the environment names: DEPLOY_URL and DEPLOY_TOKEN. */
export function clientFromEnv(env = process.env) {
  if (!env.DEPLOY_URL || !env.DEPLOY_TOKEN) {
    throw new DeployError('set DEPLOY_URL (the deploy API) and DEPLOY_TOKEN (your team token)', { code: 'usage' });
  }
  return new DeployClient(env.DEPLOY_URL, env.DEPLOY_TOKEN);
}

/** The lines the commands print for a move (npm run promote/canary/rollback print the same). */
export const said = {
  promote: (moved, canary) =>
    canary === undefined
      ? `${moved.app}: ${moved.from ?? 'its build'} → ${moved.version} for every visitor (deployment ${moved.deployment})`
      : `${moved.app}: ${moved.version} for ${canary}% of visitors, ${moved.from} for the rest (deployment ${moved.deployment})`,
  canary: (moved, share) =>
    `${moved.app}: ${moved.version} for ${share}% of visitors, ${moved.from} for the rest, judged by the canary judge (deployment ${moved.deployment})`,
  widen: (moved) =>
    moved.share === 100
      ? `${moved.app}: ${moved.from ?? 'its build'} → ${moved.version} for every visitor (deployment ${moved.deployment})`
      : `${moved.app}: ${moved.version} for ${moved.share}% of visitors, ${moved.from} for the rest (deployment ${moved.deployment})`,
  rollback: (moved) =>
    `${moved.app}: ${moved.from} → ${moved.version ?? 'its build'} for every visitor (deployment ${moved.deployment})`,
};

const USAGE = `usage: node deploy.mjs release <app> <build folder> | promote <app> <version> [--canary <percent>]
       | canary <app> <version> [--share <percent>] | widen <app> <percent> | rollback <app> | status | history [app]
with DEPLOY_URL and DEPLOY_TOKEN set`;

async function main(argv) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        options: { canary: { type: 'string' }, share: { type: 'string', default: '10' }, commit: { type: 'string' } },
        allowPositionals: true,
      });
    } catch (error) {
      // an unknown option or a missing value: the reason and the usage, not a stack trace
      throw new DeployError(`${error.message}\n${USAGE}`, { code: 'usage' });
    }
  })();
  const [command, app, argument] = positionals;
  const client = clientFromEnv();
  const need = (count) => {
    if (positionals.length !== count) throw new DeployError(USAGE, { code: 'usage' });
  };
  switch (command) {
    case 'release': {
      need(3);
      const folder = resolve(argument);
      const { version, created } = await client.release(app, folder, { commit: values.commit ?? commitOf(folder) });
      console.error(created ? `released ${app} ${version}` : `${app} ${version} is released already: nothing changed`);
      console.log(version);
      return;
    }
    case 'promote': {
      need(3);
      const canary = values.canary === undefined ? undefined : Number(values.canary);
      console.log(said.promote(await client.promote(app, argument, { canary }), canary));
      return;
    }
    case 'canary': {
      need(3);
      const share = Number(values.share);
      console.log(said.canary(await client.canary(app, argument, share), share));
      return;
    }
    case 'widen':
      need(3);
      console.log(said.widen(await client.widen(app, Number(argument))));
      return;
    case 'rollback':
      need(2);
      console.log(said.rollback(await client.rollback(app)));
      return;
    case 'status':
      console.log(JSON.stringify(await client.deployment(), null, 2));
      return;
    case 'history':
      console.log(JSON.stringify(await client.history(app), null, 2));
      return;
    default:
      throw new DeployError(USAGE, { code: 'usage' });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    if (!(error instanceof DeployError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
}
