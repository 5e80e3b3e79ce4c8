// `react-refresh/runtime` in a remote's development build: the page's one React Refresh runtime, the
// shell's.
//
// Each app is a webpack build with its own runtime, so each would bundle its own copy of the refresh
// runtime. A copy refreshes only the React DOM it saw register with the DevTools hook, and React DOM
// registers once, when it loads, with the shell and before any remote; so the shell's development build
// connects the runtime before React DOM loads and leaves it on the page (./provide.cjs), and a remote's
// components register with that one.
//
// A component is registered under its module's id, which each build counts from its own folder
// (./src/app/App.tsx exists in two apps): a remote's ids get its build's name in front, or two apps'
// components would be taken for one family and swapped for each other on the next refresh.
//
// A page whose shell provides none (a production shell: its React DOM has no refresh hooks at all, and
// no development build of React can be slipped under it) gets a runtime that makes no module a refresh
// boundary: an edit reloads the page, as hot module replacement does without React Refresh.
/* global __react_refresh_library__ */
const page = globalThis.__labReactRefresh;
const build = typeof __react_refresh_library__ === 'string' ? __react_refresh_library__ : '';

if (page) {
  module.exports = {
    ...page,
    // connected by the shell before React DOM loaded; a second connection would count every commit twice
    injectIntoGlobalHook() {},
    register(type, id) {
      page.register(type, `${build} ${id}`);
    },
  };
} else {
  if (typeof console !== 'undefined') {
    console.info(`[React Refresh] ${build}: this page's React is not a development build; an edit reloads the page`);
  }
  module.exports = {
    injectIntoGlobalHook() {},
    register() {},
    createSignatureFunctionForTransform: () => (type) => type,
    isLikelyComponentType: () => false,
    getFamilyByType: () => undefined,
    performReactRefresh: () => null,
    hasUnrecoverableErrors: () => false,
  };
}
