// npm test's duplicate-code check: jscpd over the apps' and packages' sources and styles (.jscpd.json
// says which: tests and test fixtures are left out, where a repeated arrange block reads better than a
// helper). Fails on a clone not in .jscpd-baseline.json (a change that copies a block), and on
// duplicated lines over the threshold (today's level, rounded up: docs/running.md#guard-rails).
// `node scripts/duplicates.mjs --update` rewrites the baseline: after removing copies, or to accept one
// on purpose (say why in the commit).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bin, root } from './lib.mjs';

const baseline = ['--baseline', '.jscpd-baseline.json'];
const jscpd = (args, options = {}) =>
  spawnSync(bin('jscpd'), ['--config', '.jscpd.json', '--no-tips', '--no-colors', ...args], {
    cwd: root,
    encoding: 'utf8',
    ...options,
  });

if (process.argv.includes('--update')) {
  const result = jscpd([...baseline, '--update-baseline', '--reporters', 'silent'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const out = mkdtempSync(join(tmpdir(), 'jscpd-'));
try {
  const result = jscpd([...baseline, '--fail-on-new-clones', '--reporters', 'json', '--output', out, '--absolute']);
  const report = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
  const total = report.statistics.total;
  console.log(
    `${total.clones} clones: ${total.duplicatedLines} duplicated lines of ${total.lines} (${total.percentage.toFixed(2)} %), ` +
      `${total.duplicatedTokens} tokens (${total.percentageTokens.toFixed(2)} %), in ${total.sources} files`,
  );
  const where = (file) => `${relative(root, file.name)}:${file.start}-${file.end}`;
  for (const clone of report.duplicates.filter((candidate) => candidate.isNew)) {
    console.error(`✖ a new copy (${clone.lines} lines): ${where(clone.firstFile)} = ${where(clone.secondFile)}`);
  }
  if (result.status !== 0) {
    // jscpd's own reasons: the threshold, the new clones
    for (const line of result.stderr.split('\n')) if (line.startsWith('ERROR')) console.error(line);
    console.error(
      'Move the copy into a shared module (@lab/ui for what several apps draw), or see docs/running.md#guard-rails.',
    );
    process.exit(result.status ?? 1);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
