// The JSX runtime of development builds with React Refresh. swc adds the refresh registrations only in
// its development mode, which also compiles JSX to `jsxDEV` from react/jsx-dev-runtime; that module would
// be a shared one a remote consumes from the shell, and a shell built for production provides none (and
// its React DOM could not run development elements). Here `jsxDEV` is the shared react/jsx-runtime's
// `jsx`, whatever build of React the page runs: what production builds call, less the source locations,
// which React 19 no longer reads.
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

export { Fragment };

export function jsxDEV(type, props, key, isStaticChildren) {
  return isStaticChildren ? jsxs(type, props, key) : jsx(type, props, key);
}
