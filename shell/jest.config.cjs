// the server's tests (shell/server) run here too, each in a node environment (docblock)
module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/server/**/*.test.ts'],
});
