// The console's page (React, @lab/ui, @lab/i18n) and its server module, by the factory every app uses.
const path = require('node:path');
const { createWebpackConfig } = require('@lab/config');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { title } = require('./src/i18n/uk.json');

const configs = createWebpackConfig({
  dir: __dirname,
  name: 'console',
  port: 4100,
  // served by the deploy API: the page at /console, its files under /console/assets/ (src/server.ts)
  standalone: { template: './src/index.html', title, publicPath: '/console/assets/' },
  nodeModule: './src/server.ts',
});

// @lab/ui's components do nothing when imported (its index.ts and i18n.ts do: tokens, texts): those the
// console does not use are left out with their style sheets, which the site's shell ships whole anyway
const ui = path.dirname(require.resolve('@lab/ui/package.json'));
const pureComponents = {
  test: (file) => file.startsWith(path.join(ui, 'src')) && /\.tsx?$/.test(file) && !/[\\/](index|i18n)\.ts$/.test(file),
  sideEffects: false,
};

module.exports = (env, argv) => {
  const [page, server] = configs(env, argv);
  page.module.rules.push(pureComponents);
  // its style sheets minified too (lightningcss), as its scripts are
  if (page.optimization.minimize) {
    page.optimization.minimizer.push(new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify }));
  }
  return [page, server];
};
