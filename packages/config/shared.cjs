// Shared singletons (ARCHITECTURE.md "Composition"): one React, one router, one SWR cache, one bus.
const path = require('node:path');

/** Third-party singletons with the versions the workspace pins. */
const libraries = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  swr: '2.5.1',
  axios: '1.21.1',
  i18next: '27.1.2',
  'react-i18next': '18.0.1',
  mitt: '3.0.1',
};

/**
 * Workspace packages are singletons too; `workspace:*` is no semver, so each gets the version in its
 * own package.json. A singleton is provided by whichever app loads first (the shell), so a change to
 * a shared package bumps its version and ships with the shell before any remote that needs it: the
 * federation runtime then warns about a remote that asks for more than the page provides.
 */
const workspacePackages = ['@lab/api', '@lab/events', '@lab/i18n', '@lab/router', '@lab/ui'];
const workspaceVersion = (name) =>
  require(path.join(__dirname, '..', name.replace('@lab/', ''), 'package.json')).version;

function sharedModules() {
  const shared = {};
  for (const [name, version] of Object.entries(libraries)) {
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // subpaths (react/jsx-runtime, react-dom/client) must be shared too, or React is bundled twice
  shared['react/'] = { singleton: true, requiredVersion: `^${libraries.react}`, version: libraries.react };
  shared['react-dom/'] = {
    singleton: true,
    requiredVersion: `^${libraries['react-dom']}`,
    version: libraries['react-dom'],
  };
  for (const name of workspacePackages) {
    const version = workspaceVersion(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = { sharedModules, libraries, workspacePackages };
