// See README.md: fastify.inject()'s request builder requires the ESM-only `cookie` package, which
// jest's require cannot load; Node's own require can (require(esm), Node 20.19+). It is fastify's
// dependency, so it is resolved from fastify's folder.
const path = require('node:path');

const nativeRequire = globalThis.__nativeRequire;
const fastifyDir = path.dirname(nativeRequire.resolve('fastify/package.json'));
module.exports = nativeRequire(nativeRequire.resolve('light-my-request', { paths: [fastifyDir] }));
