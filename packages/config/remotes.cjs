// The four remotes, where a default deployment finds them, and the path prefixes whose pages each one
// routes (spec section 2). Each URL can be overridden by env (REMOTE_MF_CATALOG_URL ...) at build time
// or by replacing remotes.json in the shell's dist; the shell learns the prefixes from the same file.
const remotes = [
  { name: 'mf_catalog', dir: 'mf-catalog', port: 3001, routes: ['analyzes', 'analysis', 'search'] },
  { name: 'mf_cart_checkout', dir: 'mf-cart-checkout', port: 3002, routes: ['cart', 'checkout'] },
  { name: 'mf_account', dir: 'mf-account', port: 3003, routes: ['account'] },
  { name: 'mf_auth', dir: 'mf-auth', port: 3004, routes: [] },
];

/** remotes.json: name -> { manifest: its mf-manifest.json URL, routes: the first path segments it owns }. */
function remotesMap(env) {
  const map = {};
  for (const remote of remotes) {
    const key = `REMOTE_${remote.name.toUpperCase()}_URL`;
    const manifest = env[key] || `http://localhost:${remote.port}/mf-manifest.json`;
    map[remote.name] = { manifest, routes: remote.routes };
  }
  return map;
}

module.exports = { remotes, remotesMap };
