// Uploading a release: the build folder as one .tar.gz holding release.json, whose `files` names the
// SHA-384 of every other file. The archive is unpacked into a staging folder (the `tar` package: regular
// files and folders only, no path out of the folder), every file is checked against that list (missing,
// extra, different bytes), and only then filed as a release by the release domain; a refusal stores nothing.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appOf, digestOf, fileRelease, filesOf, releasesDir } from '@lab/releases';
import * as tar from 'tar';
import { type ApiError, apiError, refusals } from '../errors';
import type { RoutePlugin } from './shared';
import { type AppParams, appParams, refuse } from './shared';

/** The largest archive taken (DEPLOY_UPLOAD_LIMIT_MB), and what it may unpack to. */
const UPLOAD_LIMIT = (Number(process.env.DEPLOY_UPLOAD_LIMIT_MB) || 100) * 1024 * 1024;
const UNPACKED_LIMIT = 8 * UPLOAD_LIMIT;
const FILES_LIMIT = 20_000;
const KINDS = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError & Record<string, unknown>,
  ) {
    super(body.message);
  }
}

/** Unpacks the archive into `folder`; refuses links, devices, paths out of it, and more than the limits. */
async function unpack(body: Buffer, folder: string): Promise<void> {
  const refused: string[] = [];
  let size = 0;
  let count = 0;
  try {
    await pipeline(
      Readable.from([body]),
      tar.x({
        cwd: folder,
        strict: true,
        preserveOwner: false,
        filter: (path, entry) => {
          // an archive's entries are ReadEntry (Stats only when tar packs from a disk)
          const kind = 'type' in entry ? entry.type : 'unknown';
          if (!KINDS.has(kind)) {
            refused.push(`${path} (${kind})`);
            return false;
          }
          size += entry.size ?? 0;
          count += 1;
          return size <= UNPACKED_LIMIT && count <= FILES_LIMIT;
        },
      }),
    );
  } catch (error) {
    throw new Refusal(
      422,
      apiError(
        'archive-invalid',
        `the body is not a .tar.gz of a build folder: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  if (refused.length) {
    throw new Refusal(
      422,
      apiError('archive-invalid', `only files and folders are taken, not ${refused.slice(0, 5).join(', ')}`),
    );
  }
  if (size > UNPACKED_LIMIT || count > FILES_LIMIT) {
    throw new Refusal(
      413,
      apiError(
        'archive-too-large',
        `a release unpacks to at most ${UNPACKED_LIMIT / 2 ** 20} MB in ${FILES_LIMIT} files`,
      ),
    );
  }
}

/** Every file against release.json's list: what is missing, what is extra, what has other bytes. */
function checkDigests(folder: string): string | null {
  let meta: { files?: unknown; commit?: unknown } | null;
  try {
    meta = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')) as typeof meta;
  } catch {
    throw new Refusal(422, apiError('release-json-missing', 'the archive holds no readable release.json at its top'));
  }
  const files = meta?.files;
  if (!files || typeof files !== 'object' || Array.isArray(files)) {
    throw new Refusal(422, apiError('release-json-missing', 'release.json lists no `files` with their SHA-384'));
  }
  const listed = files as Record<string, string>;
  const present = filesOf(folder).filter((file) => file !== 'release.json');
  const found = {
    missing: Object.keys(listed).filter((file) => !present.includes(file)),
    extra: present.filter((file) => !(file in listed)),
    different: present.filter((file) => file in listed && digestOf(readFileSync(join(folder, file))) !== listed[file]),
  };
  const named = Object.entries(found)
    .filter(([, list]) => list.length)
    .map(
      ([kind, list]) =>
        `${kind}: ${list.slice(0, 10).join(', ')}${list.length > 10 ? ` and ${list.length - 10} more` : ''}`,
    );
  if (named.length) {
    throw new Refusal(422, {
      ...apiError(
        'release-digest-mismatch',
        `the archive’s files are not the ones release.json lists (${named.join('; ')}): nothing was stored`,
      ),
      files: found,
    });
  }
  return typeof meta?.commit === 'string' ? meta.commit.slice(0, 80) : null;
}

const upload: RoutePlugin = async (app) => {
  app.addContentTypeParser(
    ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: AppParams; Body: Buffer }>(
    '/v1/apps/:app/releases',
    {
      config: { access: 'move' },
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        summary: 'Upload a release: the build folder as one .tar.gz with release.json listing every file’s SHA-384',
        params: appParams,
        consumes: ['application/gzip'],
        // no type: the body is bytes (a Buffer), checked below
        body: { description: 'the build folder as one .tar.gz (content-type: application/gzip)' },
        response: {
          200: {
            description: 'released already: the same build is the same release',
            type: 'object',
            properties: { version: { type: 'string' }, created: { type: 'boolean' } },
          },
          201: {
            description: 'filed as a new release',
            type: 'object',
            properties: { version: { type: 'string' }, created: { type: 'boolean' } },
          },
          413: { $ref: 'DeployError#' },
          415: { $ref: 'DeployError#' },
          422: { $ref: 'DeployError#' },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const staging = join(releasesDir(), '.staging', `upload-${randomUUID()}`);
      mkdirSync(staging, { recursive: true });
      try {
        await unpack(request.body, staging);
        const commit = checkDigests(staging);
        const { version, created } = await fileRelease(appOf(request.params.app), staging, { move: true, commit });
        return reply.code(created ? 201 : 200).send({ version, created });
      } catch (error) {
        if (error instanceof Refusal) return reply.code(error.status).send(error.body);
        return refuse(reply, error);
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    },
  );
};

export default upload;
