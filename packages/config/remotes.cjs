// The four remotes and where a default deployment finds them. Each URL can be overridden by env
// (REMOTE_MF_CATALOG_URL ...) at build time or by replacing remotes.json in the shell's dist. The path
// prefixes whose pages each one routes are its own build's to say (its pages.json, @lab/pages).
const fs = require('node:fs');
const path = require('node:path');

const remotes = [
  { name: 'mf_catalog', dir: 'mf-catalog', port: 3001 },
  { name: 'mf_cart_checkout', dir: 'mf-cart-checkout', port: 3002 },
  { name: 'mf_account', dir: 'mf-account', port: 3003 },
  { name: 'mf_auth', dir: 'mf-auth', port: 3004 },
];

const repository = path.join(__dirname, '..', '..');

/** The first path segments a remote's build says its pages are under (pages.json); none without it. */
function prefixesOf(buildDir) {
  try {
    const { prefixes } = JSON.parse(fs.readFileSync(path.join(buildDir, 'pages.json'), 'utf8'));
    return Array.isArray(prefixes) ? prefixes.filter((prefix) => typeof prefix === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * remotes.json: name -> { manifest: its mf-manifest.json URL, routes: the first path segments it owns,
 * as its build lists them }. `buildDirOf`: where each remote's build is (its dist/ by default).
 */
function remotesMap(env, buildDirOf = (remote) => path.join(repository, remote.dir, 'dist')) {
  const map = {};
  for (const remote of remotes) {
    const key = `REMOTE_${remote.name.toUpperCase()}_URL`;
    const manifest = env[key] || `http://localhost:${remote.port}/mf-manifest.json`;
    map[remote.name] = { manifest, routes: prefixesOf(buildDirOf(remote)) };
  }
  return map;
}

module.exports = { prefixesOf, remotes, remotesMap };
