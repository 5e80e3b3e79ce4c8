// Shared singletons (ARCHITECTURE.md "Composition"): one React, one router, one SWR cache, one bus.
const WORKSPACE_VERSION = '0.0.0';

/** Third-party singletons with the versions the workspace pins. */
const libraries = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  swr: '2.5.1',
  axios: '1.21.1',
  i18next: '27.1.2',
  'react-i18next': '18.0.1',
  mitt: '3.0.1',
};

/** Workspace packages are singletons too; `workspace:*` is no semver, so they get an explicit one. */
const workspacePackages = ['@lab/api', '@lab/events', '@lab/i18n', '@lab/ui'];

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
    shared[name] = { singleton: true, requiredVersion: WORKSPACE_VERSION, version: WORKSPACE_VERSION };
  }
  return shared;
}

module.exports = { sharedModules, libraries, workspacePackages };
