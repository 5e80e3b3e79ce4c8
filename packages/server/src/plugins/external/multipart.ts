/** multipart/form-data for photo uploads (field `file`), one file, UPLOAD_MAX_BYTES at most. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { files: 1, fileSize: app.config.uploadMaxBytes, fields: 10, parts: 11 },
      throwFileSizeLimit: true,
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
