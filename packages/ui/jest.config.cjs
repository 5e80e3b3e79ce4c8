module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname, {
  // the catalogue's test renders every control and runs axe over it
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/catalogue/**/*.test.{ts,tsx}'],
});
