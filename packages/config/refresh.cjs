// React Refresh in the development builds that `webpack serve` runs (npm run dev): an edited component
// keeps its state, across the federation's separate builds, and an edited style sheet is reloaded in
// place (refresh/*: why each piece is there).
const path = require('node:path');
const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const { EntryPlugin, NormalModuleReplacementPlugin } = require('webpack');

const folder = path.join(__dirname, 'refresh');
// the plugin's loader requires the runtime by this absolute path, its other modules by name
const pluginDir = path.dirname(require.resolve('@pmmmwh/react-refresh-webpack-plugin/package.json'));
const runtimeFile = require.resolve('react-refresh/runtime', { paths: [pluginDir] });

/**
 * @param {{ dir: string, host?: boolean }} app
 * @returns {{ plugins: object[], alias: Record<string, string>, react: object }}
 *   `react`: swc's jsc.transform.react settings
 */
function reactRefresh(app) {
  return {
    plugins: [
      new ReactRefreshPlugin({
        // the dev server's own overlay shows build errors; the plugin's would need inline styles (CSP)
        overlay: false,
        exclude: [/node_modules/, folder],
      }),
      // a style sheet's hot update reloads this build's sheets, not the one of the page first shown
      // (refresh/css.cjs)
      new NormalModuleReplacementPlugin(
        /mini-css-extract-plugin[\\/]dist[\\/]hmr[\\/]hotModuleReplacement\.js$/,
        path.join(folder, 'css.cjs'),
      ),
      // the shell leaves its runtime on the page for the remotes (refresh/provide.cjs)
      ...(app.host ? [new EntryPlugin(app.dir, path.join(folder, 'provide.cjs'), { name: undefined })] : []),
    ],
    // a remote registers with the shell's runtime (refresh/runtime.cjs)
    alias: app.host
      ? {}
      : {
          'react-refresh/runtime$': path.join(folder, 'runtime.cjs'),
          [`${runtimeFile}$`]: path.join(folder, 'runtime.cjs'),
        },
    // swc registers components only in its development mode, whose JSX calls jsxDEV: from
    // refresh/jsx-dev-runtime.js, over the shared react/jsx-runtime
    react: { runtime: 'automatic', development: true, refresh: true, importSource: folder },
  };
}

module.exports = { reactRefresh };
