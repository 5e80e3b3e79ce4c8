// The domain's unit tests (src/**/*.test.ts) in a node environment; the tests against real stores and
// builds are node:test files in test/ (npm test runs them after the build).
module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname, {
  testEnvironment: 'node',
  setupFilesAfterEnv: [],
});
