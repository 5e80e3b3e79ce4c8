import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Compressed = { encoding: 'br' | 'gzip' | null; body: Buffer };

/**
 * A body made per request (the shell's server-rendered pages) compressed as the request accepts it (its
 * q-values: `br;q=0` is a refusal), with quick settings: it is compressed once per response, not once
 * per file version.
 */
export async function compressFor(body: Buffer, acceptEncoding: string | undefined): Promise<Compressed> {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
  if (encoding === 'br') {
    return { encoding, body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encoding === 'gzip') return { encoding, body: await gzip(body, { level: 6 }) };
  return { encoding: null, body };
}
