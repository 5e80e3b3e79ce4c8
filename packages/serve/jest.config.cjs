module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname, {
  testEnvironment: 'node',
  setupFilesAfterEnv: [],
  testMatch: ['<rootDir>/src/**/*.test.{ts,mjs}'],
});
