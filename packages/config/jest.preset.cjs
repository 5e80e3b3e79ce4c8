// Jest preset for every app and package: swc transform, jsdom, CSS modules as identity maps.
const path = require('node:path');

/** @param {string} dir the project's folder */
function jestProject(dir, overrides = {}) {
  const name = path.basename(dir);
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.[cm]?[jt]sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.module\\.css$': require.resolve('identity-obj-proxy'),
      '\\.css$': path.join(__dirname, 'jest', 'empty-module.cjs'),
    },
    setupFiles: [path.join(__dirname, 'jest', 'globals.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest', 'setup-dom.cjs')],
    // a page test walks several screens with userEvent; on two shared cores 5 s is too close
    testTimeout: 15_000,
    ...overrides,
  };
}

module.exports = { jestProject };
