// In the shell's development build, next to the React Refresh plugin's own entry (which connects this
// runtime to the DevTools hook before React DOM loads): leaves the page's one runtime where the remotes'
// development builds find it (./runtime.cjs).
globalThis.__labReactRefresh = require('react-refresh/runtime');
