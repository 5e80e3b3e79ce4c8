// The one webpack + Module Federation factory: every app's webpack.config.js is a few lines over it.
const path = require('node:path');
const webpack = require('webpack');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedModules } = require('./shared.cjs');
const { remotes, remotesMap } = require('./remotes.cjs');
const { reactRefresh } = require('./refresh.cjs');
const { ReproducibleOutputPlugin } = require('./reproducible.cjs');
const { IntegrityPlugin } = require('./integrity.cjs');

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name       federation name (mf_catalog ...), or 'shell' for the host
 * @param {number} app.port       dev-server port
 * @param {Record<string,string>} [app.exposes]  remote's public API: './Name' -> source file
 * @param {boolean} [app.host]    the shell: html page, remotes map, SPA routing, /api proxy
 * @param {string} [app.server]   a remote's page server module for the shell's server (@lab/pages)
 * @param {string} [app.pages]    the host's own routes module (@lab/pages), listed as a remote's `./routes` is
 * @param {object} [app.standalone]  an app of its own page, not federated (the teams' console): its html page
 *                                   from `template` with `title`, its files asked for under `publicPath`
 * @param {string} [app.nodeModule]  a standalone app's Node.js module (its server), built beside the page
 */
function createWebpackConfig(app) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const outputPath = process.env.OUTPUT_PATH ? path.resolve(process.env.OUTPUT_PATH) : path.join(app.dir, 'dist');
    // React Refresh needs hot module replacement: in the dev server only, not a development build to disk
    const refresh = !production && env?.WEBPACK_SERVE ? reactRefresh(app) : null;
    // the federation's manifest leaves the hot updates' files out of an exposed module's assets only when
    // NODE_ENV says development (its isDev()); listed, a page loaded after an edit ran a stale hot update
    // (a TypeError in the remote's runtime) with the files the shell's runtime loads for that module
    if (refresh) process.env.NODE_ENV = 'development';
    const browser = browserConfig(app, production, outputPath, refresh);
    // the page server is built in development too: the dev path goes through the shell's server
    if (app.nodeModule) return [browser, nodeModuleConfig(app, outputPath)];
    return app.server ? [browser, pageServerConfig(app, outputPath, production)] : browser;
  };
}

/** The app as the browser loads it; `refresh`: React Refresh's settings in the dev server (refresh.cjs). */
function browserConfig(app, production, outputPath, refresh) {
  const devPort = Number(process.env.DEV_PORT || app.port);
  // the bench's baseline: the shell with the remotes' exposed modules imported directly, no federation
  const singleBundle = Boolean(app.host) && process.env.SINGLE_BUNDLE === '1';
  return {
    name: app.name,
    mode: production ? 'production' : 'development',
    context: app.dir,
    entry: { main: './src/index.ts' },
    // no eval in development either: the dev path goes through the shell's server and its CSP
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: outputPath,
      // the chunks load from where the entry was loaded: a remote's origin, the shell's release (its pages
      // name /releases/shell/<version>/main.js, so an open page keeps its own shell's files after a
      // promotion) or the root for its build; the dev server's shell from the root
      publicPath: app.standalone?.publicPath ?? (app.host && !production ? '/' : 'auto'),
      // [contenthash] in `filename` breaks the federation runtime; hash chunks only
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: app.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: { ...(app.host && !singleBundle ? sharedRuntimeAlias() : {}), ...refresh?.alias },
    },
    module: { rules: moduleRules(app.name, production, { react: refresh?.react }) },
    plugins: [
      definitions(app),
      ...(app.standalone ? [] : [federation(app, singleBundle, production)]),
      // style sheets are files in development too (hot-replaced by the plugin): the CSP allows no inline style
      new MiniCssExtractPlugin({
        filename: '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(routesModule(app) ? [new PagesPlugin(path.resolve(app.dir, routesModule(app)))] : []),
      // a production build loads its chunks and style sheets only with their digests (integrity.cjs): a
      // remote's from its manifest once promoted, the shell's from the list its entry carries (the
      // entry's own digest is on the page's tags, the shell's server's, and on the preloads); a standalone
      // page loads its files from its own server, whose policy allows no other origin
      ...(production && !app.standalone ? [new IntegrityPlugin({ host: app.host })] : []),
      ...(production ? [precompressed(), new ReproducibleOutputPlugin({ dir: app.dir })] : []),
      // a standalone app's server compresses nothing itself: a gzip copy for the browsers that take no brotli
      ...(production && app.standalone ? [precompressed('gzip')] : []),
      ...(refresh?.plugins ?? []),
      ...(app.standalone
        ? [
            // the page's skeleton with its title (`%TITLE%`), its script and style sheet added
            new HtmlWebpackPlugin({
              templateContent: require('node:fs')
                .readFileSync(path.resolve(app.dir, app.standalone.template), 'utf8')
                .replace('%TITLE%', escapeHtml(app.standalone.title)),
              scriptLoading: 'defer',
              minify: false,
            }),
          ]
        : []),
      ...(app.host
        ? [
            // the document's skeleton; its scripts are the shell's server's to write (startup.json)
            new HtmlWebpackPlugin({ template: './public/index.html', inject: false }),
            new StartupFilesPlugin({ integrity: production }),
            new RemotesMapPlugin(outputPath),
            new PublicAssetsPlugin(path.join(app.dir, 'public')),
          ]
        : []),
    ],
    optimization: optimization(production, app.host, Boolean(refresh)),
    performance: { hints: false },
    devServer: devServer(app, devPort, outputPath),
    stats: 'errors-warnings',
  };
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]);

/** The federation of an app: a remote's exposed modules and the shared singletons, or the shell's single bundle. */
function federation(app, singleBundle, production) {
  return singleBundle
    ? new webpack.NormalModuleReplacementPlugin(/^\.\/registry$/, (resource) => {
        if (resource.context.endsWith(path.join('features', 'remotes'))) resource.request = './registry.single';
      })
    : new ModuleFederationPlugin({
        name: app.name,
        filename: app.host ? undefined : 'remoteEntry.js',
        exposes: app.exposes,
        // no remote is compiled in: the shell registers them at run time from remotes.json
        remotes: {},
        shared: sharedModules({ provide: Boolean(app.host), from: app.dir }),
        // load remotes on demand, so that one dead remote does not break start-up
        shareStrategy: 'loaded-first',
        manifest: true,
        // a remote's production build carries its federation type hints (@mf-types.zip, named in
        // its manifest), its exposes.ts included: the shell type-checks against a release's types
        // (scripts/remote-types.mjs) and the promotion gate refuses a release the shell cannot mount
        dts: app.host || !production ? false : remoteTypeHints,
        experiments: federationRuntimeExperiments(app),
      });
}

/** The dev server's settings. */
function devServer(app, devPort, outputPath) {
  return {
    port: devPort,
    // hot module replacement; the client reaches this server itself, whichever origin serves the page
    hot: true,
    liveReload: true,
    // the shell in development is served by its own server from these files (scripts/dev.mjs)
    devMiddleware: { writeToDisk: Boolean(app.host && process.env.OUTPUT_PATH) },
    // a remote's page server module (written to disk by its own compiler, which the dev server leaves
    // alone) beside its manifest, where the shell's server looks for them; not watched: its rebuild
    // after each edit would reload the page (liveReload of a changed static file), losing its state
    static: [
      path.join(app.dir, 'public'),
      ...(app.server ? [{ directory: path.join(outputPath, 'server'), publicPath: '/server', watch: false }] : []),
    ],
    historyApiFallback: Boolean(app.host),
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: app.host ? [{ context: ['/api'], target: process.env.API_URL || 'http://localhost:4000' }] : [],
    client: {
      overlay: {
        warnings: false,
        errors: true,
        // runtime errors stay in the console: a cross-origin script's error reaches the page as a bare
        // "Script error." with nothing to show, and an overlay of it covers the page being edited
        runtimeErrors: false,
      },
      webSocketURL: `ws://localhost:${devPort}/ws`,
    },
  };
}

/**
 * Each text asset's brotli at the highest quality beside it (`<file>.br`), made once at build time as a
 * CDN's or nginx's brotli_static files are: 7–8% fewer bytes than the static server's own setting
 * (quality 9), whose quality 11 takes most of a second for the start-up chunk, too slow per request.
 * @lab/serve sends it while it holds the file's bytes. `gzip`: the same at gzip's highest level.
 */
function precompressed(algorithm = 'brotli') {
  if (algorithm === 'gzip') {
    return new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: /\.(js|css|json|html|svg)$/,
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
      threshold: 512,
      minRatio: 0.9,
    });
  }
  return new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|json|html|svg)$/,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    // the files @lab/serve compresses (over 512 bytes); one that hardly shrinks is left to its own setting
    threshold: 512,
    minRatio: 0.9,
  });
}

/** The federation DTS plugin's settings (TypeScript 7 works through its tsc command line). */
const remoteTypeHints = {
  generateTypes: {
    compilerInstance: 'tsc',
    // the shell mounts the props its exposes.ts declares: that file is the remote's typed public API
    additionalFilesToCompile: ['src/exposes.ts'],
    extractThirdParty: false,
    abortOnError: true,
    deleteTsConfig: true,
  },
  consumeTypes: false,
  displayErrorInTerminal: true,
};

/** Build-time constants, the same in the browser build and the page server's build. */
function definitions(app) {
  return new webpack.DefinePlugin({
    __APP_NAME__: JSON.stringify(app.name),
    // the commit (npm run release sets it), never the time: the same commit builds the same bytes
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || 'unversioned'),
    // deployment settings of docs/product.md#calls; a page can still override them (window.__LAB_CONFIG__)
    'process.env.API_BASE': JSON.stringify(process.env.API_BASE || ''),
    'process.env.VITE_SETTLEMENT_ID': JSON.stringify(process.env.VITE_SETTLEMENT_ID || ''),
    'process.env.VITE_ONLINE_DISCOUNT': JSON.stringify(process.env.VITE_ONLINE_DISCOUNT || ''),
    'process.env.PUBLIC_URL': JSON.stringify(process.env.PUBLIC_URL || ''),
  });
}

/**
 * A remote's page server for the shell's server (@lab/pages): one self-contained CommonJS module,
 * `server/pages.js` next to the remote's manifest, deployed with the remote. Its class names are the
 * browser build's (same names, same hashing); the CSS itself is the browser build's files. It is built
 * for the browser's flavour of every package (React's browser server renderer) and needs nothing of
 * Node.js: the shell's server runs it in a sandbox that has none
 * (shell/server/previewSandbox.ts).
 */
function pageServerConfig(app, outputPath, production) {
  return {
    name: `${app.name}-server`,
    // after the browser build, whose `clean` empties the folder
    dependencies: [app.name],
    mode: 'production',
    context: app.dir,
    target: ['web', 'es2020'],
    entry: { pages: app.server },
    devtool: false,
    output: {
      path: path.join(outputPath, 'server'),
      filename: 'pages.js',
      // where a dev server serves it (beside the manifest, as the build puts it)
      publicPath: '/server/',
      library: { type: 'commonjs2' },
      // the sandbox's context has globalThis, not the browser's self or window
      globalObject: 'globalThis',
      chunkLoading: false,
      wasmLoading: false,
      uniqueName: app.name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: { rules: moduleRules(app.name, production, { server: true }) },
    plugins: [definitions(app), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    // run on the shell's server, read by nobody: minifying would only cost build time
    optimization: { minimize: false },
    // in development it is written to disk and served as a static file (browserConfig's devServer): the
    // dev server adds no client or hot updates to it, it runs in a sandbox
    devServer: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A standalone app's Node.js module (the console's server): its own TypeScript in one ES module,
 * `server/<name>.mjs` beside the page's files. What it imports from elsewhere stays an import, resolved by
 * Node.js when it runs: packages by name, a file outside the app by its path from the output.
 */
function nodeModuleConfig(app, outputPath) {
  const out = path.join(outputPath, 'server');
  const own = path.join(app.dir, 'src') + path.sep;
  return {
    name: `${app.name}-node`,
    // after the browser build, whose `clean` empties the folder
    dependencies: [app.name],
    mode: 'production',
    context: app.dir,
    target: 'node20',
    entry: { [path.basename(app.nodeModule).replace(/\.[cm]?[jt]s$/, '')]: app.nodeModule },
    devtool: false,
    experiments: { outputModule: true },
    output: { path: out, filename: '[name].mjs', module: true, library: { type: 'module' }, clean: true },
    externalsType: 'module',
    externals: [
      ({ context, request }, callback) => {
        if (!request || /^!|^data:/.test(request)) return callback();
        if (!request.startsWith('.') && !path.isAbsolute(request)) return callback(null, request);
        const file = path.resolve(context, request);
        if (file.startsWith(own)) return callback();
        const relative = path.relative(out, file).split(path.sep).join('/');
        return callback(null, relative.startsWith('.') ? relative : `./${relative}`);
      },
    ],
    resolve: { extensions: ['.ts', '.js', '.mjs', '.json'] },
    // import.meta.url stays the module's own (webpack would write the source file's in)
    module: { parser: { javascript: { importMeta: false } }, rules: moduleRules(app.name, true, { server: true }) },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    // read by nobody: minifying would only cost build time
    optimization: { minimize: false },
    devServer: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * One federation runtime per page instead of a copy in every remote entry: the shell provides its
 * runtime-core as a global, the remotes use it (they are only ever loaded by this shell). The bench
 * builds with `BENCH_RUNTIME_PER_ENTRY=1` (its "before", never a release) to report the weight before and after.
 */
function federationRuntimeExperiments(app) {
  // browser only: the runtime's Node.js loaders (vm, SyntheticModule ...) are dropped from the bundle;
  // a remote loads no remotes of its own, so its entry needs none of the bundler runtime's remote code
  const optimization = app.host ? { target: 'web' } : { target: 'web', disableRemote: true };
  if (process.env.BENCH_RUNTIME_PER_ENTRY === '1') return { optimization };
  return app.host ? { provideExternalRuntime: true, optimization } : { externalRuntime: true, optimization };
}

/**
 * The runtime the shell provides is injected through CommonJS requires, which would bundle a second
 * (CommonJS) copy of runtime-core next to the ES module one the shell itself runs on: point them at one.
 */
function sharedRuntimeAlias() {
  if (process.env.BENCH_RUNTIME_PER_ENTRY === '1') return {};
  const enhanced = packageDir('@module-federation/enhanced', __dirname);
  const tools = packageDir('@module-federation/runtime-tools', enhanced);
  const runtime = packageDir('@module-federation/runtime', tools);
  const core = packageDir('@module-federation/runtime-core', runtime);
  return { '@module-federation/runtime-tools/runtime-core$': path.join(core, 'dist', 'index.js') };
}

/** The folder of an installed package (its package.json is not always exported). */
function packageDir(name, from) {
  const entry = require.resolve(name, { paths: [from] });
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
}

/** TypeScript through swc, CSS Modules named after the app (no collisions across remotes), assets. */
function moduleRules(name, production, { server = false, react } = {}) {
  const cssLoader = {
    loader: require.resolve('css-loader'),
    options: {
      modules: {
        auto: /\.module\.css$/,
        // the app name keeps class names apart across remotes even in development
        localIdentName: production ? `${name}-[hash:base64:6]` : `${name}__[name]__[local]`,
        // a shared package's classes are named after the package and its version, not the app: whichever
        // app's copy the page runs, a preview rendered by another app's build names the same classes
        getLocalIdent: sharedPackageIdent,
        namedExport: false,
        exportLocalsConvention: 'as-is',
        // a preview renders markup only: the class names, no style sheets
        exportOnlyLocals: server,
      },
    },
  };
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            // jsx-runtime in development too: it is a shared module, provided by the shell only when the
            // shell's own code imports it, and the dev path mixes development and production builds
            // (React Refresh's settings call it through an adapter: refresh/jsx-dev-runtime.js)
            transform: { react: react ?? { runtime: 'automatic', development: false } },
            target: 'es2020',
          },
        },
      },
    },
    {
      test: /\.css$/,
      use: server ? [cssLoader] : [MiniCssExtractPlugin.loader, cssLoader],
    },
    { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
  ];
}

const packageOwners = new Map();

/** The package a file belongs to (its nearest package.json), cached per folder. */
function owningPackage(folder) {
  if (!packageOwners.has(folder)) {
    const manifest = path.join(folder, 'package.json');
    const parent = path.dirname(folder);
    let owner = null;
    if (require('node:fs').existsSync(manifest)) {
      const { name, version } = JSON.parse(require('node:fs').readFileSync(manifest, 'utf8'));
      owner = { dir: folder, name, version };
    } else if (parent !== folder) owner = owningPackage(parent);
    packageOwners.set(folder, owner);
  }
  return packageOwners.get(folder);
}

/** `lab_ui-<hash>` for @lab/ui's classes; null (css-loader's own naming) for the app's own files. */
function sharedPackageIdent(loaderContext, _localIdentName, localName) {
  const owner = owningPackage(path.dirname(loaderContext.resourcePath));
  if (!owner?.name?.startsWith('@lab/')) return null;
  const file = path.relative(owner.dir, loaderContext.resourcePath).split(path.sep).join('/');
  const hash = require('node:crypto')
    .createHash('sha256')
    .update(`${owner.name}@${owner.version}/${file}\0${localName}`)
    .digest('base64url')
    .slice(0, 6);
  return `${owner.name.slice(1).replace(/\W/g, '_')}-${hash}`;
}

/** swc minification: about 2.5x faster than terser on these machines. */
function optimization(production, host = false, devServer = false) {
  return {
    minimize: production,
    minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    splitChunks: {
      // in the dev server, chunks by the modules they share, whatever their sizes: a size threshold
      // crossed by an edit (a rule added to a style sheet) split the chunks otherwise, the container's
      // entry listed other chunks, and hot module replacement gave up and reloaded the page
      minSize: devServer ? 0 : 10000,
      ...(devServer ? { minSizeReduction: 0 } : {}),
      cacheGroups: {
        // an app's texts (src/i18n), read by each of its exposed modules and its routes: one chunk they
        // share, never a copy in each (below the default 20 KB split size they were copied into each);
        // not the ru texts, a chunk of their own that only a page in Russian loads
        texts: {
          test: /[\\/]src[\\/]i18n[\\/](?!ru\.json$)/,
          name: 'texts',
          chunks: 'async',
          enforce: true,
        },
        // the host: the libraries and shared packages every page starts with, in one chunk instead of
        // twenty (a shared module is a chunk of its own, small ones copied into several). Each chunk cost
        // a phone's main thread a preload and a script element, 2 ms each with the CPU slowed 4x
        // (docs/performance.md). What loads later (DOMPurify, web-vitals, @lab/ui/branch) keeps its own
        // chunk. Not in development: the dev server's client would run a second time from it.
        ...(host &&
          production && {
            startup: {
              // @lab/ui/branch is the pages' that draw a branch (contacts), not every page's start-up
              test: /[\\/]node_modules[\\/](?!(\.pnpm[\\/])?(dompurify|web-vitals)[@\\/])|[\\/]packages[\\/](?!ui[\\/]src[\\/]branch[\\/])[^\\/]+[\\/]src[\\/]/,
              name: 'startup',
              chunks: 'async',
              enforce: true,
            },
          }),
      },
    },
  };
}

/** An app's routes module: a remote's exposed `./routes`, the host's own pages. */
const routesModule = (app) => app.exposes?.['./routes'] ?? app.pages;

/** Where a remote's build lists its pages, next to its manifest (@lab/pages PAGES_FILE). */
const PAGES_FILE = 'pages.json';

/**
 * Emits pages.json, what the shell's server needs of a remote's pages: the first path segments they are
 * under, and each route of its routes module (the file exposed as `./routes`) by id, with its path and
 * the scripts and style sheets of the code its `lazy` imports (the chunks it shares included). The routes
 * are read from the module as written: an object with a literal `id` whose `lazy` has an `import()` is a
 * route, its `children` its pages. The shell's server matches an address against them, inlines a page's
 * style sheets with its preview and has its HTML ask for both with the start-up's files rather than after
 * them (the router loads a page's code only once React and the router are there). The shell's build
 * lists its own pages so too (their files only: its pages' paths are the shell's server's to match).
 */
class PagesPlugin {
  constructor(routesFile) {
    this.routesFile = routesFile;
    // kept across the compilations of a watch (webpack serve): a rebuild parses only the modules that
    // changed, so the routes module as last parsed (the same module object, from webpack's memory cache)
    // serves every later compilation until it is parsed again
    this.parsed = null;
    // the last pages.json of a compilation without errors: a compilation with errors (a syntax error
    // saved on the way) lists that one, never an empty or partial list, so the shell's server keeps
    // matching the remote's pages and recovers with the fix
    this.lastGood = null;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PagesPlugin', (compilation, { normalModuleFactory }) => {
      for (const type of ['javascript/auto', 'javascript/esm', 'javascript/dynamic']) {
        normalModuleFactory.hooks.parser.for(type).tap('PagesPlugin', (parser) => {
          parser.hooks.program.tap('PagesPlugin', (ast) => {
            const { module } = parser.state;
            if (module.resource === this.routesFile) this.parsed = { module, routes: routeObjects(ast) };
          });
        });
      }
      compilation.hooks.processAssets.tap(
        { name: 'PagesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const failed = compilation.errors.length > 0;
          if (failed && this.lastGood) {
            compilation.emitAsset(PAGES_FILE, new webpack.sources.RawSource(this.lastGood));
            return;
          }
          // the module as parsed (production concatenates it with others; its import() blocks are the same)
          const { module, routes = [] } = this.parsed ?? {};
          if (module && !routes.length) {
            compilation.errors.push(
              new webpack.WebpackError(`${this.routesFile}: no route object (a literal id and a lazy import())`),
            );
          }
          // an import()'s block holds its dependency at the expression's range
          const filesOf = (range) => {
            const block = module?.blocks.find((candidate) =>
              candidate.dependencies.some((dependency) => dependency.range?.[0] === range?.[0]),
            );
            const group = block && compilation.chunkGraph.getBlockChunkGroup(block);
            // not the dev server's hot updates (a chunk's files until the next compilation)
            return group ? group.getFiles().filter((file) => !file.includes('.hot-update.')) : [];
          };
          const entry = ({ id, path: routePath, index, imports, children }) => {
            const files = [...new Set(imports.flatMap(filesOf))];
            return {
              id,
              ...(index ? { index: true } : routePath === undefined ? {} : { path: routePath }),
              scripts: files.filter((file) => file.endsWith('.js')),
              styles: files.filter((file) => file.endsWith('.css')),
              ...(children.length ? { children: children.map(entry) } : {}),
            };
          };
          const prefixes = [
            ...new Set(
              routes.map((route) => (route.path ?? '').split('/')[0]).filter((segment) => /^[\w-]+$/.test(segment)),
            ),
          ];
          const json = `${JSON.stringify({ prefixes, routes: routes.map(entry) }, null, 2)}\n`;
          if (!failed && compilation.errors.length === 0) this.lastGood = json;
          compilation.emitAsset(PAGES_FILE, new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/** The route objects of a parsed routes module, as a tree (see PagesPlugin). */
function routeObjects(node) {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(routeObjects);
  const property = (name) =>
    node.type === 'ObjectExpression'
      ? node.properties.find((entry) => entry.type === 'Property' && (entry.key.name ?? entry.key.value) === name)
      : undefined;
  const id = property('id');
  const lazy = property('lazy');
  if (id?.value.type === 'Literal' && typeof id.value.value === 'string' && lazy) {
    const literal = (name) => (property(name)?.value.type === 'Literal' ? property(name).value.value : undefined);
    return [
      {
        id: id.value.value,
        path: literal('path'),
        index: literal('index') === true,
        imports: importsIn(lazy.value),
        children: routeObjects(property('children')?.value),
      },
    ];
  }
  return Object.entries(node).flatMap(([key, value]) => (key === 'loc' || key === 'range' ? [] : routeObjects(value)));
}

/** The ranges of the import() expressions under a node. */
function importsIn(node) {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(importsIn);
  if (node.type === 'ImportExpression') return [node.range];
  return Object.entries(node).flatMap(([key, value]) => (key === 'loc' || key === 'range' ? [] : importsIn(value)));
}

/**
 * Emits remotes.json (name -> manifest URL and the prefixes its build lists) next to index.html;
 * deployments replace the file, and the shell's server takes each remote's prefixes from its live build
 * too. The remotes' builds are beside the shell's (OUTPUT_PATH) or in their dist/: built first.
 */
class RemotesMapPlugin {
  constructor(outputPath) {
    this.buildDirOf = process.env.OUTPUT_PATH ? (remote) => path.join(outputPath, '..', remote.dir) : undefined;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemotesMapPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotesMapPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = `${JSON.stringify(remotesMap(process.env, this.buildDirOf), null, 2)}\n`;
          compilation.emitAsset('remotes.json', new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * startup.json: the scripts that start a page (the entry) and the files to ask for with them. The entry
 * only starts the federation runtime and imports its bootstrap; the bootstrap chunk and the shared
 * libraries it consumes (React, the router ...) would be requested only once the entry has run. The
 * shell's server writes the entry and these preloads into each page (or has the page add them after its
 * first frame), so they download alongside the entry instead of after it; `integrity`: with the digests
 * of the files (a production build's runtime loads its chunks only with theirs, integrity.cjs).
 */
class StartupFilesPlugin {
  /** @param {{ integrity: boolean }} options  the build loads its files by digest: its page's tags carry them */
  constructor({ integrity }) {
    this.integrity = integrity;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // from the folder's root (`auto`: the shell's server names them at its release's address)
          const named = compilation.outputOptions.publicPath ?? '/';
          const publicPath = named === 'auto' ? '/' : compilation.getPath(named);
          const entry = compilation.entrypoints.get('main');
          const scripts = (entry?.getFiles() ?? []).filter((file) => file.endsWith('.js'));
          const preloads = startupFiles(compilation).map((file) => ({
            href: `${publicPath}${file}`,
            as: file.endsWith('.css') ? 'style' : 'script',
          }));
          const json = {
            scripts: scripts.map((file) => `${publicPath}${file}`),
            preloads,
            ...(this.integrity ? { integrity: true } : {}),
          };
          compilation.emitAsset('startup.json', new webpack.sources.RawSource(`${JSON.stringify(json, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * The files of the entry's `import('./bootstrap')`, of the shared modules the shell provides (their
 * chunks load when first asked for) and of those the bootstrap consumes. Not the entry's other imports
 * (the single bundle's remote pages): only what every page runs.
 */
function startupFiles(compilation) {
  const { chunkGraph } = compilation;
  const startup = (group) =>
    group.origins.some((origin) => origin.request === './bootstrap' || origin.module?.type === 'provide-module');
  const groups = new Set((compilation.entrypoints.get('main')?.getChildren() ?? []).filter(startup));
  // a worklist: a shared module's own chunk consumes more shared modules (@lab/api -> @lab/i18n ...)
  for (const group of groups) {
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        for (const block of module.blocks) {
          const fallback = chunkGraph.getBlockChunkGroup(block);
          if (fallback) groups.add(fallback);
        }
      }
    }
  }
  // the libraries first, the app's bootstrap after them: the order the page runs them in
  const bootstrap = (group) => group.origins.some((origin) => origin.request === './bootstrap');
  const files = new Set();
  for (const group of [...groups].sort((a, b) => bootstrap(a) - bootstrap(b))) {
    for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  return [...files];
}

/** Copies the host's public/ files (icons, og image) next to index.html, unhashed. */
class PublicAssetsPlugin {
  constructor(folder) {
    this.folder = folder;
  }

  apply(compiler) {
    const fs = require('node:fs');
    compiler.hooks.thisCompilation.tap('PublicAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.folder)) return;
          for (const name of fs.readdirSync(this.folder)) {
            if (name === 'index.html') continue;
            const file = path.join(this.folder, name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { createWebpackConfig, moduleRules, optimization, remotes };
