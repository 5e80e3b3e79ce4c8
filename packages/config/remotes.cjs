// The four remotes and where a default deployment finds them. Each URL can be overridden by env
// (REMOTE_MF_CATALOG_URL ...) at build time or by replacing remotes.json in the shell's dist.
const remotes = [
  { name: 'mf_catalog', dir: 'mf-catalog', port: 3001 },
  { name: 'mf_cart_checkout', dir: 'mf-cart-checkout', port: 3002 },
  { name: 'mf_account', dir: 'mf-account', port: 3003 },
  { name: 'mf_auth', dir: 'mf-auth', port: 3004 },
];

function remotesMap(env) {
  const map = {};
  for (const remote of remotes) {
    const key = `REMOTE_${remote.name.toUpperCase()}_URL`;
    map[remote.name] = env[key] || `http://localhost:${remote.port}/mf-manifest.json`;
  }
  return map;
}

module.exports = { remotes, remotesMap };
