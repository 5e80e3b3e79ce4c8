// Subresource integrity for what a remote's runtime loads (docs/teams.md "One team deploys one remote",
// docs/releases.md "Integrity"). The chain of trust: the deployment pins the digest of the remote's
// manifest and entry (from its release.json); the manifest lists the SHA-384 of every script and style
// sheet of the build (`integrity`, written here); the shell checks the manifest against its pin and then
// knows each file's digest. The remote's runtime (its entry, itself loaded with its digest) asks the
// shell for the digest of each chunk and style sheet it loads (`globalThis.__labIntegrity(url)`, set by
// shell/src/features/remotes/integrity.ts) and sets it as `integrity`, with `crossorigin`: a changed
// byte, or a file the manifest lists no digest for, is refused by the browser, and the slot fails as for
// a dead remote. A remote the shell pins nothing for (a build served as it is: development, a site before
// any promotion) gets no answer and loads its chunks as before, so their preloads in the page are used.
//
// Prior art: webpack-subresource-integrity sets `integrity` on an app's lazy chunks from a map it embeds
// in the runtime; Module Federation has nothing of its own (webpack issue 14310, webpack-subresource-
// integrity issue 176: a host loads the remote's entry, which no HTML names). Here the map is the
// manifest's, which the host checks anyway: no digest is carried twice, and the entry grows by a few
// bytes of loader rather than by 71 bytes of digest per chunk.
//
// The shell (`host: true`) has no manifest a server checks: its entry, whose digest the shell's server
// writes on the page's tags, carries the digest of every chunk and style sheet its runtime loads, as
// webpack-subresource-integrity does (a stand-in of the digest's length per file while the chunks are
// made, replaced once their bytes are final, so that the entry's source map stays right). One loader
// for the shell and the remotes: the same two hooks, the shell's runtime answering from its own list.
const { createHash } = require('node:crypto');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { replaceAsset } = require('./reproducible.cjs');

const { RuntimeGlobals, RuntimeModule, Template } = webpack;

/** A digest no file has: what a file the manifest lists no digest for is loaded with, so it is refused. */
const MISSING = `sha384-${'A'.repeat(64)}`;
/** The shell's function that answers a file's digest (a string), none for an unpinned remote (null). */
const LOOKUP = '__labIntegrity';

/** The SHA-384 of bytes, as an `integrity` attribute takes it. */
const digestOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const MANIFEST = 'mf-manifest.json';
/** The files the manifest gives the digests of: scripts, style sheets, and the list of its pages' files. */
const LISTED = /\.(js|css)$|^pages\.json$/;
const SRI = `${RuntimeGlobals.require}.sri`;

/** The runtime's question to the shell: a file's digest, or null when the shell pins nothing for it. */
class IntegrityRuntimeModule extends RuntimeModule {
  constructor() {
    super('subresource integrity', RuntimeModule.STAGE_ATTACH);
  }

  generate() {
    return `${SRI} = function (url) { var ask = typeof globalThis !== "undefined" && globalThis.${LOOKUP}; return typeof ask === "function" ? ask(url) : null; };`;
  }
}

/**
 * The shell's runtime: a chunk of its build by the digest its entry lists (every one is listed), any
 * other file as a remote's runtime asks (a file of the site's origin the list lacks gets none: refused).
 */
class HostIntegrityRuntimeModule extends RuntimeModule {
  /** @param {Record<'js' | 'css', Record<string, string>>} standIns  chunk id -> its file's stand-in */
  constructor(standIns) {
    super('subresource integrity of the shell', RuntimeModule.STAGE_ATTACH);
    this.standIns = standIns;
  }

  generate() {
    return Template.asString([
      `var own = ${JSON.stringify(this.standIns)};`,
      `${SRI} = function (url, chunkId, kind) {`,
      Template.indent([
        'var listed = own[kind];',
        'if (listed && Object.prototype.hasOwnProperty.call(listed, chunkId)) return listed[chunkId];',
        `if (url.indexOf(window.location.origin + '/') === 0) return "";`,
        `var ask = typeof globalThis !== "undefined" && globalThis.${LOOKUP};`,
        'return typeof ask === "function" ? ask(url) : null;',
      ]),
      '};',
    ]);
  }
}

/** A stand-in as long as a digest, unique per file, for the entry while the chunks are still being made. */
const standIn = (index) => `sha384-${`LAB-SRI-${index}-`.padEnd(64, '~')}`;
/** Every stand-in in an entry's code. */
const STAND_INS = /sha384-LAB-SRI-\d+-~+/g;

/** The code that gives an element being created its digest and CORS, when the shell pins one for it. */
const attach = (element, url, kind) =>
  Template.asString([
    `var digest = ${SRI}(${url}, typeof chunkId === "undefined" ? undefined : chunkId, ${JSON.stringify(kind)});`,
    'if (digest !== null) {',
    Template.indent([
      `${element}.integrity = digest || ${JSON.stringify(MISSING)};`,
      `if (${url}.indexOf(window.location.origin + '/') !== 0) ${element}.crossOrigin = "anonymous";`,
    ]),
    '}',
  ]);

/** The chunks a runtime chunk may load: each with the stand-ins of its script and its style sheet. */
function standInsOf(chunk, files) {
  const loaded = [...new Set([...chunk.getAllAsyncChunks(), ...chunk.getAllReferencedChunks()])]
    .filter((other) => other !== chunk && other.id !== null)
    .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  const standIns = { js: {}, css: {} };
  for (const other of loaded) {
    for (const kind of ['js', 'css']) {
      const value = standIn(files.size);
      standIns[kind][other.id] = value;
      files.set(value, { chunk: other, kind });
    }
  }
  return standIns;
}

class IntegrityPlugin {
  /** @param {{ host?: boolean }} options  the shell: its runtime lists its own chunks' digests */
  constructor({ host = false } = {}) {
    this.host = host;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('IntegrityPlugin', (compilation) => {
      /** a stand-in -> the chunk and the kind of file whose digest replaces it (the shell's) */
      const standIns = new Map();
      /** the runtime chunks holding stand-ins */
      const runtimeChunks = new Set();
      compilation.hooks.additionalTreeRuntimeRequirements.tap('IntegrityPlugin', (chunk) => {
        if (chunk.getAllAsyncChunks().size === 0) return;
        if (!this.host) {
          compilation.addRuntimeModule(chunk, new IntegrityRuntimeModule());
          return;
        }
        runtimeChunks.add(chunk);
        compilation.addRuntimeModule(chunk, new HostIntegrityRuntimeModule(standInsOf(chunk, standIns)));
      });
      // a chunk's script and style sheet: its digest when the shell pins the remote (a chunk it lists
      // none for gets one no file has)
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        'IntegrityPlugin',
        (source) => Template.asString([source, attach('script', 'script.src', 'js')]),
      );
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap('IntegrityPlugin', (source, names) =>
        Template.asString([source, attach(names.tag, `${names.tag}.href`, 'css')]),
      );
      compilation.hooks.processAssets.tap(
        // after the federation plugin wrote the manifest and the lists of each page's files (REPORT)
        { name: 'IntegrityPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          // each final file's digest, once (an entry's only after its stand-ins are replaced)
          const digests = new Map();
          const digestOfAsset = (name) => {
            if (!digests.has(name)) digests.set(name, digestOf(compilation.getAsset(name).source.buffer()));
            return digests.get(name);
          };
          // the shell's entry: each stand-in becomes its file's digest, the files being final now
          for (const chunk of runtimeChunks) {
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              const code = compilation
                .getAsset(file)
                .source.source()
                .toString()
                .replace(STAND_INS, (value) => {
                  const { chunk: loaded, kind } = standIns.get(value);
                  const name = [...loaded.files].find((candidate) => candidate.endsWith(`.${kind}`));
                  return name && compilation.getAsset(name) ? digestOfAsset(name) : MISSING;
                });
              replaceAsset(compilation, file, Buffer.from(code));
            }
          }
          const manifest = compilation.getAsset(MANIFEST);
          if (!manifest) return;
          const integrity = {};
          for (const asset of compilation.getAssets().sort((a, b) => (a.name < b.name ? -1 : 1))) {
            if (LISTED.test(asset.name)) integrity[asset.name] = digestOfAsset(asset.name);
          }
          const json = JSON.parse(manifest.source.source().toString());
          replaceAsset(compilation, MANIFEST, Buffer.from(JSON.stringify({ ...json, integrity }, null, 2)));
        },
      );
    });
  }
}

module.exports = { IntegrityPlugin, digestOf, MISSING, LOOKUP };
