// The refresh runtime a remote's development build gets (runtime.cjs), on a page whose shell provides one
// and on a page whose shell is a production build.
const assert = require('node:assert/strict');
const { afterEach, test } = require('node:test');

const shim = require.resolve('./runtime.cjs');
/** A component of the remote's. */
function SearchPanel() {}

/** runtime.cjs as a remote's build named `build` runs it, on a page with `page` as the shell's runtime. */
function load(build, page) {
  globalThis.__react_refresh_library__ = build;
  globalThis.__labReactRefresh = page;
  delete require.cache[shim];
  return require(shim);
}

afterEach(() => {
  delete globalThis.__react_refresh_library__;
  delete globalThis.__labReactRefresh;
});

test("a remote's components register with the shell's runtime, under ids its build name keeps apart", () => {
  const registered = [];
  const page = {
    register: (type, id) => registered.push([type, id]),
    isLikelyComponentType: () => true,
    performReactRefresh: () => 'refreshed',
    injectIntoGlobalHook: () => assert.fail('the shell connected it already'),
  };
  load('mf_catalog', page).register(SearchPanel, './src/features/search/SearchPanel.tsx %exports% SearchPanel');
  load('mf_account', page).register(SearchPanel, './src/features/search/SearchPanel.tsx %exports% SearchPanel');
  assert.deepEqual(
    registered.map(([, id]) => id),
    [
      'mf_catalog ./src/features/search/SearchPanel.tsx %exports% SearchPanel',
      'mf_account ./src/features/search/SearchPanel.tsx %exports% SearchPanel',
    ],
  );
  const runtime = load('mf_catalog', page);
  runtime.injectIntoGlobalHook(globalThis);
  assert.equal(runtime.performReactRefresh(), 'refreshed');
  assert.equal(runtime.isLikelyComponentType(SearchPanel), true);
});

test('on a production shell no module is a refresh boundary, so an edit reloads the page', () => {
  const runtime = load('mf_catalog', undefined);
  assert.equal(runtime.isLikelyComponentType(SearchPanel), false);
  assert.equal(runtime.getFamilyByType(SearchPanel), undefined);
  assert.equal(runtime.createSignatureFunctionForTransform()(SearchPanel), SearchPanel);
  assert.doesNotThrow(() => runtime.register(SearchPanel, 'id'));
  assert.equal(runtime.performReactRefresh(), null);
});
