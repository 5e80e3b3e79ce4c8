// See README.md: the real package, loaded by Node itself, outside jest's module sandbox.
module.exports = globalThis.__nativeRequire('@fastify/cookie');
