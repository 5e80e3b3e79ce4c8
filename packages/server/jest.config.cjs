// Server tests run in Node against a real database: PGlite by default, PostgreSQL with DATABASE_URL
// or TEST_DB=postgres (see README.md, "Tests").
const path = require('node:path');

const native = (name) => path.join(__dirname, 'src/test-support/native', `${name}.cjs`);

module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname, {
  // a node environment that hands Node's own require to the shims in src/test-support/native
  testEnvironment: path.join(__dirname, 'src/test-support/jest-environment.cjs'),
  setupFilesAfterEnv: [path.join(__dirname, 'src/test-support/error-bodies.ts')],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // packages that call import() at run time, which jest's sandbox cannot serve
  moduleNameMapper: {
    '^@electric-sql/pglite$': native('pglite'),
    '^@electric-sql/pglite/contrib/pg_trgm$': native('pg_trgm'),
    '^@fastify/cookie$': native('cookie'),
    '^light-my-request$': native('light-my-request'),
    '^@fastify/swagger-ui$': native('swagger-ui'),
  },
  globalSetup: path.join(__dirname, 'src/test-support/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src/test-support/global-teardown.ts'),
  testTimeout: 30000,
});
