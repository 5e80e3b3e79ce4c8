// Subresource integrity for what a remote's runtime loads (README "One team deploys one remote",
// docs/releases.md "Integrity"). The chain of trust: the deployment names the digest of the remote's
// manifest and entry (from its release.json); the entry (the remote's webpack runtime) carries the
// SHA-384 of every chunk and style sheet it may load, and its loaders set `integrity` (and `crossorigin`,
// through output.crossOriginLoading) on the script and link elements they create. A changed byte, or a
// file the entry has no digest for, is refused by the browser: the slot fails as for a dead remote.
//
// The federation runtime of the shell may load an exposed module's scripts and style sheets itself, from
// the manifest's lists, alongside the entry: the manifest carries their digests too (`integrity`), and
// the deployment pins the manifest's own digest.
//
// Prior art: webpack-subresource-integrity does this for an app's lazy chunks (a runtime map of
// placeholders filled after hashing); Module Federation has none of its own (webpack issue 14310,
// webpack-subresource-integrity issue 176: a host loads the remote's entry, which no HTML names). This
// is the same idea in a few lines, for the federation container's runtime and mini-css-extract-plugin's
// style sheets: each placeholder is exactly as long as the digest that replaces it, after webpack's real
// content hashes are final, so no file name, content hash or source-map position moves.
const { createHash } = require('node:crypto');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { replaceAsset } = require('./reproducible.cjs');

const { RuntimeGlobals, RuntimeModule, Template } = webpack;

/** A digest no file has: what a chunk without one is loaded with, so that the browser refuses it. */
const MISSING = `sha384-${'A'.repeat(64)}`;
/** The placeholder of a chunk's digest: as long as a SHA-384 digest in base64 (7 + 64 characters). */
const placeholder = (kind, chunkId) =>
  `sha384-${createHash('sha256').update(`lab-integrity:${kind}:${chunkId}`).digest('hex')}`;
const PLACEHOLDER = /sha384-[0-9a-f]{64}/g;

/** The SHA-384 of bytes, as an `integrity` attribute takes it. */
const digestOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const MANIFEST = 'mf-manifest.json';
/** The files the manifest gives the digests of: scripts, style sheets, and each page's list of them. */
const LISTED = /\.(js|css)$|^page-(scripts|styles)\.json$/;
const JS_MAP = `${RuntimeGlobals.require}.sriHashes`;
const CSS_MAP = `${RuntimeGlobals.require}.sriCssHashes`;

/** The runtime's maps from chunk id to digest, placeholders until the files are final. */
class IntegrityRuntimeModule extends RuntimeModule {
  constructor() {
    super('subresource integrity', RuntimeModule.STAGE_ATTACH);
  }

  generate() {
    const { chunkGraph } = this.compilation;
    const js = {};
    const css = {};
    for (const chunk of [...this.chunk.getAllAsyncChunks()].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))) {
      if (chunkGraph.getChunkModulesIterableBySourceType(chunk, 'javascript'))
        js[chunk.id] = placeholder('js', chunk.id);
      if (chunkGraph.getChunkModulesIterableBySourceType(chunk, 'css/mini-extract')) {
        css[chunk.id] = placeholder('css', chunk.id);
      }
    }
    return Template.asString([`${JS_MAP} = ${JSON.stringify(js)};`, `${CSS_MAP} = ${JSON.stringify(css)};`]);
  }
}

class IntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('IntegrityPlugin', (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap('IntegrityPlugin', (chunk) => {
        if (chunk.getAllAsyncChunks().size > 0) compilation.addRuntimeModule(chunk, new IntegrityRuntimeModule());
      });
      // a chunk's script: its digest, or one no file has (a script loaded without a chunk id too)
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        'IntegrityPlugin',
        (source) =>
          Template.asString([
            source,
            `script.integrity = (chunkId !== undefined && ${JS_MAP} && ${JS_MAP}[chunkId]) || ${JSON.stringify(MISSING)};`,
          ]),
      );
      // a chunk's style sheet, the same way
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap('IntegrityPlugin', (source, names) =>
        Template.asString([
          source,
          `${names.tag}.integrity = (${CSS_MAP} && ${CSS_MAP}[${names.chunkId}]) || ${JSON.stringify(MISSING)};`,
        ]),
      );
      compilation.hooks.processAssets.tap(
        // after the real content hashes (the files are final), before the brotli twins are made
        { name: 'IntegrityPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const digests = new Map();
          for (const chunk of compilation.chunks) {
            for (const file of chunk.files) {
              const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
              if (!kind) continue;
              digests.set(placeholder(kind, chunk.id), digestOf(compilation.getAsset(file).source.buffer()));
            }
          }
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.js')) continue;
            const text = asset.source.source().toString();
            if (!text.includes('.sriHashes')) continue;
            const filled = text.replace(PLACEHOLDER, (found) => {
              const digest = digests.get(found);
              if (digest) return digest;
              compilation.warnings.push(
                new webpack.WebpackError(`IntegrityPlugin: ${asset.name} names a chunk with no file`),
              );
              return MISSING;
            });
            if (filled !== text) compilation.updateAsset(asset.name, new webpack.sources.RawSource(filled));
          }
        },
      );
      compilation.hooks.processAssets.tap(
        // after the federation plugin wrote the manifest and the lists of each page's files (REPORT)
        { name: 'IntegrityPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          const manifest = compilation.getAsset(MANIFEST);
          if (!manifest) return;
          const integrity = {};
          for (const asset of compilation.getAssets().sort((a, b) => (a.name < b.name ? -1 : 1))) {
            if (LISTED.test(asset.name)) integrity[asset.name] = digestOf(asset.source.buffer());
          }
          const json = JSON.parse(manifest.source.source().toString());
          replaceAsset(compilation, MANIFEST, Buffer.from(JSON.stringify({ ...json, integrity }, null, 2)));
        },
      );
    });
  }
}

module.exports = { IntegrityPlugin, digestOf, MISSING };
