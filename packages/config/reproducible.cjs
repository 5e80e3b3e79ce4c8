// The same commit and settings build the same bytes (docs/teams.md "One team deploys one remote": a release's
// version is its content's hash). webpack's own output is deterministic; two files the federation
// plugin adds are not:
//   - @mf-types.zip stores each entry's modification time (the moment the type hints were written) in
//     the order the file system listed them;
//   - mf-stats.json and mf-manifest.json list the modules that use a shared one (`usedIn`) in the order
//     the build happened to reach them.
// This plugin rewrites them after everything else has been emitted: the zip with its files in name
// order, each dated at the commit's time (SOURCE_DATE_EPOCH when set, as reproducible-builds.org
// defines it), and those lists sorted; a precompressed twin (`<file>.br`) is made again from the new bytes.
const { execFileSync } = require('node:child_process');
const zlib = require('node:zlib');
const webpack = require('webpack');

/** 1980-01-01T00:00:00Z: the earliest time a zip entry can carry, used when nothing else says when. */
const ZIP_EPOCH = 315532800;

/**
 * When the sources were last changed, in seconds: SOURCE_DATE_EPOCH, else the time of the commit the
 * app's folder is at, else the zip format's first day (a build outside a repository).
 */
function sourceDateEpoch(dir, env = process.env) {
  const given = Number(env.SOURCE_DATE_EPOCH);
  if (env.SOURCE_DATE_EPOCH && Number.isInteger(given) && given >= 0) return Math.max(given, ZIP_EPOCH);
  try {
    const committed = Number(
      execFileSync('git', ['log', '-1', '--format=%ct'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
    if (Number.isInteger(committed) && committed > 0) return Math.max(committed, ZIP_EPOCH);
  } catch {
    // no git, or not a repository
  }
  return ZIP_EPOCH;
}

/**
 * A zip entry's MS-DOS date and time (one 32-bit value: date in the high half) from UTC, not from the
 * machine's time zone, so that two machines write the same bytes.
 */
function dosTime(seconds) {
  const date = new Date(seconds * 1000);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  return ((day << 16) | time) >>> 0;
}

/** The zip's files (no folder entries: extraction makes them) in name order, each dated `seconds`. */
function normalizedZip(buffer, seconds) {
  const AdmZip = require('adm-zip');
  const files = new AdmZip(buffer)
    .getEntries()
    .filter((entry) => !entry.isDirectory)
    .map((entry) => ({ name: entry.entryName, data: entry.getData() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const zip = new AdmZip();
  const stamp = dosTime(seconds);
  for (const { name, data } of files) zip.addFile(name, data, '', 0o644).header.timeval = stamp;
  return zip.toBuffer();
}

/** Keys whose arrays are sets (which modules use a shared one): sorted, the rest keep their order. */
const SET_KEYS = new Set(['usedIn', 'usedExports']);

function sortSets(value) {
  if (Array.isArray(value)) return value.map(sortSets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      SET_KEYS.has(key) && Array.isArray(child) && child.every((item) => typeof item === 'string')
        ? [...child].sort()
        : sortSets(child),
    ]),
  );
}

/** The federation plugin's files whose lists of sets are put in order. */
const FEDERATION_JSON = ['mf-stats.json', 'mf-manifest.json'];
const TYPES_ZIP = '@mf-types.zip';

/** Replaces an asset's bytes, and its precompressed twin (`<file>.br`) if the build made one. */
function replaceAsset(compilation, name, bytes) {
  const current = compilation.getAsset(name);
  if (!current || current.source.buffer().equals(bytes)) return;
  compilation.updateAsset(name, new webpack.sources.RawSource(bytes));
  if (compilation.getAsset(`${name}.br`)) {
    const packed = zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    });
    compilation.updateAsset(`${name}.br`, new webpack.sources.RawSource(packed));
  }
}

class ReproducibleOutputPlugin {
  /** @param {{ dir: string }} options  the app's folder (its commit dates the type hints) */
  constructor({ dir }) {
    this.dir = dir;
  }

  apply(compiler) {
    const seconds = sourceDateEpoch(this.dir);
    compiler.hooks.thisCompilation.tap('ReproducibleOutputPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after the federation plugin (its files come at OPTIMIZE_TRANSFER) and the brotli twins
        { name: 'ReproducibleOutputPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          // its twin, if the build made one, made again from the bytes that are served
          const replace = (name, bytes) => replaceAsset(compilation, name, bytes);
          const zip = compilation.getAsset(TYPES_ZIP);
          if (zip) replace(TYPES_ZIP, normalizedZip(zip.source.buffer(), seconds));
          for (const name of FEDERATION_JSON) {
            const asset = compilation.getAsset(name);
            if (!asset) continue;
            const text = asset.source.source().toString();
            // the federation plugin writes two-space JSON: kept, only the order of the sets changes
            replace(name, Buffer.from(JSON.stringify(sortSets(JSON.parse(text)), null, 2)));
          }
        },
      );
    });
  }
}

module.exports = { ReproducibleOutputPlugin, replaceAsset, sourceDateEpoch, dosTime, normalizedZip, sortSets };
