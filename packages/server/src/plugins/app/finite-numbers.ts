/**
 * Non-finite numbers, refused as 400 `validation-error` naming the field, like a schema failure: Ajv
 * coerces query/path/body text such as "Infinity" or "1e309" to Infinity and then skips minimum/maximum
 * (it tests those on finite numbers only), so `id=Infinity` would otherwise reach SQL as a 500. Runs as
 * a preHandler, i.e. after validation and coercion, on every route. (Text with control characters is
 * each route's business: the search reads them as spaces, a promo code with them is a wrong code.)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

function hasNonFinite(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (depth > 32 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  return Object.values(value).some((item) => hasNonFinite(item, depth + 1));
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        if (typeof part !== 'object' || part === null || Buffer.isBuffer(part)) continue;
        for (const [field, value] of Object.entries(part)) {
          if (hasNonFinite(value)) throw new AppError(400, 'validation-error', 'validation-range', field);
        }
      }
    });
  },
  { name: 'finite-numbers', dependencies: ['errors'] },
);
