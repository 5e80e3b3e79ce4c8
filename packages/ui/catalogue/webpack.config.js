// The living catalogue of @lab/ui: a plain webpack page without federation.
//   development: cd packages/ui && ../../node_modules/.bin/webpack serve -c catalogue/webpack.config.js  (port 3010)
//   build:       cd packages/ui && ../../node_modules/.bin/webpack -c catalogue/webpack.config.js --mode production
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { moduleRules, optimization } = require('@lab/config');

const PORT = 3010;

const page = `<!doctype html>
<html lang="uk">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>@lab/ui</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { catalogue: './src/index.tsx' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: { rules: moduleRules('ui', production) },
    plugins: [
      new HtmlWebpackPlugin({ templateContent: page, scriptLoading: 'defer', inject: 'body' }),
      ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
    ],
    optimization: optimization(production),
    performance: { hints: false },
    devServer: {
      port: PORT,
      hot: false,
      liveReload: true,
      client: { overlay: { warnings: false, errors: true } },
    },
    stats: 'errors-warnings',
  };
};
