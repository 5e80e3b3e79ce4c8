// See README.md: @fastify/swagger-ui requires @fastify/static, which requires the ESM-only
// content-disposition package.
module.exports = globalThis.__nativeRequire('@fastify/swagger-ui');
