// Lighthouse (its default mobile preset: Moto G power emulation, 4x CPU slowdown, simulated slow 4G)
// in Debian's chromium, through its CLI. `npm run bench` takes the median of 3 runs per page.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { median } from './median.mjs';

const run = promisify(execFile);
const LIGHTHOUSE = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'lighthouse');

/**
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number, lcp: number, tbt: number, cls: number, fcp: number, bytes: number, failing: string[] }} LighthouseRun
 * @returns {Promise<LighthouseRun>}
 */
export async function lighthouseOnce(url, { cookie } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const output = join(folder, 'report.json');
  try {
    await run(
      LIGHTHOUSE,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
        // a signed-in page: the session cookie on every request (Lighthouse clears the browser's storage)
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const metric = (id) => report.audits[id]?.numericValue ?? Number.NaN;
    // the audits that cost points outside performance: what to fix next
    const failing = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of report.categories[id]?.auditRefs ?? []) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit.score < 1) failing.push(`${id}: ${ref.id}`);
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      // every response's size as transferred (headers included), as Lighthouse's "total byte weight"
      bytes: metric('total-byte-weight'),
      failing,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The median of each figure over `runs` runs (runs one after another: they share two cores). */
export async function lighthouseMedian(url, runs = 3, options = {}) {
  const results = [];
  for (let index = 0; index < runs; index += 1) results.push(await lighthouseOnce(url, options));
  const figures = {};
  for (const key of ['performance', 'accessibility', 'bestPractices', 'seo', 'lcp', 'tbt', 'cls', 'fcp', 'bytes']) {
    figures[key] = median(results.map((result) => result[key]));
  }
  figures.failing = [...new Set(results.flatMap((result) => result.failing))];
  figures.runs = results.length;
  return figures;
}
