// The Markdown of `npm run bench`'s report (reports/bench.md): figures against issue 10's targets.

import { median } from './median.mjs';

const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0.02,
  tax: 1.1,
  keystroke: 650,
  interactionMedian: 100,
  interactionWorst: 200,
  firstTapAnswered: 200,
};
const APPS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-auth'];

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (perApp, kind) =>
  Object.values(perApp).reduce((total, bytes) => total + (kind ? bytes[kind] : bytes.js + bytes.css), 0);
const ratio = (a, b) => (b ? (a / b).toFixed(2) : '–');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)}` : '–');
const mark = (ok) => (ok ? '' : ' ✗');

const LIGHTHOUSE_HEADER = [
  '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | audits below 1 (outside performance) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];

function lighthouseRow(name, figures) {
  return (
    `| ${name} | ${figures.performance}${mark(figures.performance >= TARGETS.performance)} | ` +
    `${figures.accessibility}${mark(figures.accessibility >= TARGETS.accessibility)} | ` +
    `${figures.bestPractices}${mark(figures.bestPractices >= TARGETS.bestPractices)} | ` +
    `${figures.seo}${mark(figures.seo >= TARGETS.seo)} | ${ms(figures.fcp)} | ${ms(figures.lcp)} | ${ms(figures.tbt)} | ` +
    `${figures.cls.toFixed(3)}${mark(figures.cls <= TARGETS.cls)} | ${figures.failing.join(', ') || '–'} |`
  );
}

export function formatReport({
  date,
  machine,
  scale,
  lighthouseRuns,
  pages,
  bytes,
  lighthouse,
  search,
  interactions = null,
  signedIn = {},
  api = [],
}) {
  const lines = [`Run ${date.slice(0, 16).replace('T', ' ')} UTC on ${machine}.`, ''];

  lines.push(
    '### Bytes per page, federated build (gzip, KB: JS + CSS)',
    '',
    '| page | before first render JS | CSS | until idle JS | CSS | ' +
      APPS.map((app) => `${app} (idle)`).join(' | ') +
      ' |',
    `| --- | ---: | ---: | ---: | ---: | ${APPS.map(() => '---:').join(' | ')} |`,
  );
  for (const { name } of pages) {
    const page = bytes.federated[name];
    const perApp = APPS.map((app) => {
      const value = page.untilIdle[app];
      return value ? `${kb(value.js)} + ${kb(value.css)}` : '–';
    });
    lines.push(
      `| ${name} | ${kb(sum(page.beforeFirstRender, 'js'))} | ${kb(sum(page.beforeFirstRender, 'css'))} | ` +
        `${kb(sum(page.untilIdle, 'js'))} | ${kb(sum(page.untilIdle, 'css'))} | ${perApp.join(' | ')} |`,
    );
  }

  lines.push(
    '',
    `### Federation tax: federated build ÷ single bundle (no federation), target ≤ ${TARGETS.tax.toFixed(2)}`,
    '',
    '| page | bytes before render | bytes until idle | LCP ms fed / single | ratio | TBT ms fed / single | ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const { name } of pages) {
    const fed = bytes.federated[name];
    const single = bytes.single[name];
    const before = ratio(sum(fed.beforeFirstRender), sum(single.beforeFirstRender));
    const idle = ratio(sum(fed.untilIdle), sum(single.untilIdle));
    const lf = lighthouse.federated?.[name];
    const ls = lighthouse.single?.[name];
    const lcp = lf && ls ? `${ms(lf.lcp)} / ${ms(ls.lcp)} | ${ratio(lf.lcp, ls.lcp)}` : '– | –';
    const tbt = lf && ls ? `${ms(lf.tbt)} / ${ms(ls.tbt)} | ${ratio(lf.tbt, ls.tbt)}` : '– | –';
    lines.push(`| ${name} | ${before} | ${idle} | ${lcp} | ${tbt} |`);
  }

  const home = (variant) => bytes[variant]?.home;
  if (home('perEntry')) {
    const row = (label, variant) => {
      const figures = lighthouse[variant]?.home;
      const page = home(variant);
      return (
        `| ${label} | ${page ? kb(sum(page.beforeFirstRender, 'js')) : '–'} | ${page ? kb(sum(page.untilIdle, 'js')) : '–'} | ` +
        `${ms(figures?.lcp)} | ${ms(figures?.tbt)} | ${figures?.performance ?? '–'} |`
      );
    };
    lines.push(
      '',
      '### Federation runtime and preloading, home page: before and after',
      '',
      '| build | JS before render KB | JS until idle KB | LCP ms | TBT ms | performance |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('runtime copy per remote entry, remote hints', 'perEntry'),
      row('one runtime the shell provides, no remote hints', 'noHints'),
      row('one runtime the shell provides, remote hints (as shipped)', 'federated'),
      row('single bundle, no federation', 'single'),
    );
  }

  if (lighthouse.federated) {
    lines.push(
      '',
      `### Lighthouse, mobile preset, federated build (median of ${lighthouseRuns})`,
      '',
      `Targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo}, CLS ≤ ${TARGETS.cls}; ✗ marks a miss.`,
      '',
      ...LIGHTHOUSE_HEADER,
    );
    for (const [name, figures] of Object.entries(lighthouse.federated)) lines.push(lighthouseRow(name, figures));
  }
  if (Object.keys(signedIn).length) {
    lines.push(
      '',
      `### Lighthouse, signed-in pages (the demo patient's session; median of ${lighthouseRuns})`,
      '',
      ...LIGHTHOUSE_HEADER,
    );
    for (const [name, figures] of Object.entries(signedIn)) lines.push(lighthouseRow(name, figures));
  }
  if (interactions) {
    lines.push(
      '',
      '### Interactions, CPU slowed 4× (INP: input to the next paint, Event Timing; response: input to the frame showing the answer)',
      '',
      `Targets: INP ≤ ${TARGETS.interactionMedian} ms at the median of 5, ≤ ${TARGETS.interactionWorst} ms at the worst; ✗ marks a miss. ` +
        'Cold: the first on a freshly loaded page. A hover has no INP.',
      '',
      '| interaction | INP median ms | INP worst ms | INP cold ms | response median ms | response worst ms | response cold ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const [name, f] of Object.entries(interactions.results)) {
      const inp = (value, target) => (f.hover ? '–' : `${value}${mark(value <= target)}`);
      lines.push(
        `| ${name} | ${inp(f.inpMedian, TARGETS.interactionMedian)} | ${inp(f.inpWorst, TARGETS.interactionWorst)} | ` +
          `${inp(f.inpCold, TARGETS.interactionWorst)} | ${f.responseMedian} | ${f.responseWorst} | ${f.coldResponse} |`,
      );
    }
    const { firstTap } = interactions;
    if (firstTap) {
      lines.push(
        '',
        `#### The first tap on a phone: \`${firstTap.path}\` opened cold (360 px, touch, CPU slowed 4×), the control tapped as soon as it is seen, again after 5 s without an answer`,
        '',
        `Median of 5 runs, ms from navigation start; target: answered ≤ ${TARGETS.firstTapAnswered} ms after the tap, no tap lost.`,
        '',
        '| control | first paint | seen drawn | first tap | answered | done | taps lost (of 5 runs) |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      );
      for (const [name, f] of Object.entries(firstTap)) {
        if (name === 'path') continue;
        const label = name === 'cart' ? '«До кошика» (done: the badge counts it)' : 'header search (done: the dialog)';
        const answered = `${f.answered}${mark(f.answered - f.firstTap <= TARGETS.firstTapAnswered)}`;
        lines.push(
          `| ${label} | ${f.painted} | ${f.drawn} | ${f.firstTap} | ${answered} | ${f.done} | ${f.lost}${mark(f.lost === 0)} |`,
        );
      }
    }
  }

  lines.push(
    '',
    '### Search: last keystroke to results on screen (20 queries; 500 ms debounce + 100 ms loading flag in it)',
    '',
  );
  for (const [name, timings] of Object.entries(search)) {
    const value = median(timings);
    lines.push(
      `- ${name === 'seed' ? 'seed' : `seed + ${scale} services`}: median ${ms(value)} ms${mark(value <= TARGETS.keystroke)} ` +
        `(min ${ms(Math.min(...timings))}, max ${ms(Math.max(...timings))}); target ≤ ${TARGETS.keystroke} ms`,
    );
  }

  if (api.length) lines.push('', '### API under load', '', ...api);
  return lines.join('\n');
}
