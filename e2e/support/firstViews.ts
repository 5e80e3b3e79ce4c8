// What a crawler and a first paint take from a page's first view, as the shell's server sends it: the
// answer's status and headers, the head (title, description, canonical, alternates, Open Graph, lang),
// the structured data, headings, text, links, form controls with their labels, and the files the page
// loads. Styles are left out (a style edit changes none of it); what a build or a run names differently
// (ports, content hashes, chunk ids, digests, an order's id, the seed's dates) reads as a placeholder.
import type { Page } from '@playwright/test';

/** A page's first view: the answer's status, the headers that say what the page is, and its HTML. */
export type FirstView = { status: number; headers: Record<string, string>; html: string };

/** The headers a page's first view is judged by (the rest are the static server's). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'content-security-policy'] as const;

export async function fetchFirstView(url: string, cookie: string | null): Promise<FirstView> {
  const response = await fetch(url, {
    headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) headers[name] = response.headers.get(name) ?? '';
  return { status: response.status, headers, html: await response.text() };
}

/** The first view's summary: what the fixtures in e2e/fixtures/first-views hold, one JSON file a page. */
export type FirstViewSummary = {
  status: number;
  headers: Record<string, string>;
  lang: string;
  title: string;
  /** `<meta>` by name or property (description, robots, og:*, ...) */
  meta: Record<string, string>;
  /** `<link>` of the head: "rel href" (canonical, alternate with hreflang, icon, preconnect, preload) */
  links: string[];
  jsonLd: unknown[];
  headings: string[];
  /** the body's text a reader sees, a line per block, scripts and styles left out */
  text: string[];
  /** the body's links: "text → href" */
  anchors: string[];
  /** every control: "kind: its accessible name" (the label a screen reader reads) */
  controls: string[];
  images: string[];
  /** the files the page loads, preloads and embeds (scripts, styles, manifests, inline data by id) */
  scripts: string[];
};

/**
 * Read in the browser's own HTML parser (a document that is neither rendered nor run), so the summary is
 * what the markup says, whatever the styles. Runs inside the page: it must stay self-contained.
 */
function summarize(html: string): Omit<FirstViewSummary, 'status' | 'headers'> {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const squash = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg']);
  const BLOCKS =
    /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|BR|BUTTON|DD|DETAILS|DIALOG|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LABEL|LI|MAIN|NAV|OL|OPTION|P|SECTION|SELECT|SUMMARY|TABLE|TD|TEXTAREA|TH|TR|UL)$/;

  const text: string[] = [];
  let line = '';
  const flush = () => {
    const done = squash(line);
    if (done) text.push(done);
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element) || SKIPPED.has(node.tagName) || node.hasAttribute('hidden')) return;
    const block = BLOCKS.test(node.tagName);
    if (block) flush();
    for (const child of node.childNodes) walk(child);
    if (block) flush();
  };
  walk(doc.body);
  flush();

  const byId = (id: string) => squash(doc.getElementById(id)?.textContent);
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squash(labelledBy.split(/\s+/).map(byId).join(' '));
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const id = element.getAttribute('id');
    const forLabel = id ? doc.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    const wrapping = element.closest('label');
    const labelElement = forLabel ?? wrapping;
    if (labelElement) return squash(labelElement.textContent);
    if (element.tagName === 'BUTTON' || element.tagName === 'A') return squash(element.textContent);
    return squash(element.getAttribute('title') ?? element.getAttribute('placeholder'));
  };

  const meta: Record<string, string> = {};
  for (const element of doc.head.querySelectorAll('meta[name], meta[property]')) {
    const key = element.getAttribute('name') ?? element.getAttribute('property') ?? '';
    meta[key] = element.getAttribute('content') ?? '';
  }
  const links = [...doc.head.querySelectorAll('link')].map((link) =>
    [
      link.getAttribute('rel'),
      link.getAttribute('hreflang') ? `hreflang=${link.getAttribute('hreflang')}` : '',
      link.getAttribute('as') ? `as=${link.getAttribute('as')}` : '',
      link.getAttribute('href'),
      link.hasAttribute('crossorigin') ? 'crossorigin' : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? 'null'),
  );
  const headings = [...doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
    (heading) => `${heading.tagName.toLowerCase()}: ${squash(heading.textContent)}`,
  );
  const anchors = [...doc.body.querySelectorAll('a[href]')].map(
    (anchor) => `${nameOf(anchor)} → ${anchor.getAttribute('href')}`,
  );
  const controls = [...doc.body.querySelectorAll('button, input, select, textarea, form')].map((control) => {
    const type = control.getAttribute('type');
    const tap = control.getAttribute('data-tap');
    const kind =
      control.tagName.toLowerCase() +
      (type && control.tagName !== 'BUTTON' ? `[${type}]` : '') +
      (tap ? `[data-tap=${tap}]` : '');
    if (control.tagName === 'FORM') {
      return `form ${control.getAttribute('method') ?? 'get'} ${control.getAttribute('action') ?? ''}`.trim();
    }
    return `${kind}: ${nameOf(control)}`;
  });
  const images = [...doc.body.querySelectorAll('img')].map(
    (image) => `${image.getAttribute('src')} alt="${image.getAttribute('alt') ?? '(none)'}"`,
  );

  // the files: <script src>, inline data by its id, and what the start-up script preloads and runs
  // (its lists of [url, kind, ...] and [url, digest]); digests are left out, the build names them
  const scripts: string[] = [];
  for (const script of doc.querySelectorAll('script')) {
    const type = script.getAttribute('type');
    if (type === 'application/ld+json') continue;
    const src = script.getAttribute('src');
    if (src) {
      scripts.push(`script ${src}`);
      continue;
    }
    const body = script.textContent ?? '';
    if (type === 'application/json') {
      const id = script.getAttribute('id') ?? '';
      // the API answers the first render starts from: their keys (the data is the seed's)
      const value = JSON.parse(body) as unknown;
      const keys = Array.isArray(value)
        ? value.map((entry: { key?: unknown }) => JSON.stringify(entry?.key ?? null))
        : Object.keys(value as object);
      scripts.push(`data #${id}: ${id === 'lab-remotes' ? JSON.stringify(value) : keys.join(', ')}`);
      continue;
    }
    const named = /^\(function (\w+)/.exec(body)?.[1];
    const preloads = [...body.matchAll(/\["([^"]+)","(style|script|fetch|font|image)"/g)].map(
      ([, url, as]) => `preload as=${as} ${url}`,
    );
    const runs = [...body.matchAll(/\["([^"]+\.js)"(?:,"sha384-[^"]+")?\]/g)].map(([, url]) => `script ${url}`);
    scripts.push(named ? `inline ${named}` : 'inline start-up', ...preloads, ...runs);
  }
  return {
    lang: doc.documentElement.getAttribute('lang') ?? '',
    title: squash(doc.title),
    meta,
    links,
    jsonLd,
    headings,
    text,
    anchors,
    controls,
    images,
    scripts,
  };
}

/**
 * A first view's summary with this run's names replaced: `replacements` are texts of this run (origins,
 * ids) and what they read as in the fixture; content hashes, chunk ids, CSP hashes and the seed's dates
 * (counted back from when it ran) read as placeholders.
 */
export async function summarizeFirstView(
  page: Page,
  view: FirstView,
  replacements: readonly (readonly [string, string])[],
): Promise<FirstViewSummary> {
  const summary: FirstViewSummary = {
    status: view.status,
    headers: view.headers,
    ...(await page.evaluate(summarize, view.html)),
  };
  let text = JSON.stringify(summary);
  for (const [from, to] of replacements) text = text.split(from).join(to);
  text = text
    // a chunk's content hash, and webpack's numeric id of a chunk without a name
    .replace(/\b\d+\.([0-9a-f]{8})\.(js|css)\b/g, '[id].[hash].$2')
    .replace(/\.[0-9a-f]{8}\.(js|css)\b/g, '.[hash].$1')
    // an inline text's hash in the CSP
    .replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-[hash]'")
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, '[instant]')
    .replace(/\b\d{2}\.\d{2}\.\d{4}(?: \d{2}:\d{2})?/g, '[date]');
  return JSON.parse(text) as FirstViewSummary;
}
