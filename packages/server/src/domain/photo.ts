/**
 * Profile photos: one multipart file in the field `file`, at most UPLOAD_MAX_BYTES (2 MB), and only
 * JPEG, PNG or WebP as their first bytes say (the declared content type and file name are ignored).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { ImageType, StoredImage } from '../repositories/people';

export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const photoInvalid = () => new AppError(400, 'photo-invalid', 'photo-invalid', 'file');

/**
 * Busboy's own errors (no boundary, a truncated body) carry no status: they are a malformed upload,
 * 400, not a server failure. Errors with a status (413 too large) pass through.
 */
function malformed(error: unknown): never {
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  ) {
    throw error;
  }
  throw photoInvalid();
}

/** The uploaded photo's bytes and type; 400 for anything but one JPEG/PNG/WebP in `file`, 413 when too big. */
export async function readPhoto(request: FastifyRequest): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!request.isMultipart()) throw photoInvalid();
  const file = await request.file().catch(malformed);
  if (file?.fieldname !== 'file') throw photoInvalid();
  const bytes = await file.toBuffer().catch(malformed); // throws FST_REQ_FILE_TOO_LARGE (413) past the limit
  const type = imageTypeOf(bytes);
  if (!type) throw photoInvalid();
  return { bytes, type };
}

/**
 * Sends image bytes. The URLs carry `?v=<profile version>`, so a versioned request may be cached for
 * good (privately: health-adjacent data); anything else is revalidated.
 */
export function sendImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage, version: number): Buffer {
  const query = request.query as Record<string, unknown> | undefined;
  const cached = query?.v !== undefined && String(query.v) === String(version);
  reply
    .type(image.type)
    .header('content-disposition', 'inline')
    .header('cache-control', cached ? 'private, max-age=31536000, immutable' : 'private, no-cache');
  return image.bytes;
}
