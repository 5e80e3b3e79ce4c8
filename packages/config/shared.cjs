// Shared singletons (docs/composition.md): one React, one router, one SWR cache, one bus.
const path = require('node:path');

/**
 * Third-party singletons with the versions the workspace pins. React Router, i18next with
 * react-i18next and mitt are not listed: only @lab/router, @lab/i18n and @lab/events
 * import them, and those are singletons, so the page still runs one of each, tree-shaken to the
 * exports the packages use (a shared module itself never is); no app imports them.
 */
const libraries = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  swr: '2.5.1',
};

/**
 * Workspace packages are singletons too; `workspace:*` is no semver, so each gets the version in its
 * own package.json. A singleton is provided by whichever app loads first (the shell), so a change to
 * a shared package bumps its version and ships with the shell before any remote that needs it: the
 * federation runtime then warns about a remote that asks for more than the page provides.
 */
const workspacePackages = ['@lab/api', '@lab/events', '@lab/i18n', '@lab/router', '@lab/ui'];
/** The version the app builds against: the package as the app resolves it (a workspace link, or an installed tarball). */
const workspaceVersion = (name, from) => require(require.resolve(`${name}/package.json`, { paths: [from] })).version;

/**
 * @param {{ provide: boolean, from?: string }} options  `from`: the app's folder, whose packages are
 *   shared (the shell's by default); `provide: false` (a remote): consume the shell's copies and
 *   bundle none of its own. A remote only ever runs in the shell's page, which provides every singleton
 *   before any remote loads; a remote's own copy could never be chosen (singleton, loaded first), yet
 *   its registration and fallback table weighed about 1.3 KB gzipped in every remote entry.
 */
function sharedModules({ provide, from = path.join(__dirname, '..', '..', 'shell') }) {
  const own = provide ? {} : { import: false };
  const shared = {};
  const add = (key, version) => {
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version, ...own };
  };
  for (const [name, version] of Object.entries(libraries)) add(name, version);
  // subpaths (react/jsx-runtime, react-dom/client) must be shared too, or React is bundled twice
  add('react/', libraries.react);
  add('react-dom/', libraries['react-dom']);
  for (const name of workspacePackages) add(name, workspaceVersion(name, from));
  return shared;
}

module.exports = { sharedModules, libraries, workspacePackages };
