// Node test environment whose tests can load modules outside jest's module sandbox (see README).
const path = require('node:path');

const jestDir = path.dirname(require.resolve('jest/package.json'));
const { TestEnvironment } = require(require.resolve('jest-environment-node', { paths: [jestDir] }));

class ServerTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__nativeRequire = require;
  }
}

module.exports = ServerTestEnvironment;
