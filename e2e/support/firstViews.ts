// The first view's HTML of a page as the shell's server sends it, made comparable across builds and
// machines: what a build or a run names differently (ports, content hashes, chunk ids, CSP hashes, an
// order's id) is replaced by a placeholder, nothing else is touched.

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

/** `replacements`: texts of this run (origins, ids) and what they read as in the fixture. */
export function normalized(view: FirstView, replacements: readonly (readonly [string, string])[]): string {
  const text = (value: string) => {
    let result = value;
    for (const [from, to] of replacements) result = result.split(from).join(to);
    return (
      result
        // a chunk's content hash, and webpack's numeric id of a chunk without a name
        .replace(/\b\d+\.([0-9a-f]{8})\.(js|css)\b/g, '[id].[hash].$2')
        .replace(/\.[0-9a-f]{8}\.(js|css)\b/g, '.[hash].$1')
        // an inline text's hash in the CSP
        .replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-[hash]'")
    );
  };
  const headers = Object.entries(view.headers).map(([name, value]) => `<!-- ${name}: ${text(value)} -->`);
  return [`<!-- status: ${view.status} -->`, ...headers, text(view.html)].join('\n');
}

/**
 * A first view without the digests of its files (`integrity` on its tags and in its start script): the
 * fixtures' server wrote none for the shell's own files, and their values name the build.
 */
function withoutDigests(view: string): string {
  const digest = '"sha384-[A-Za-z0-9+/=]+"';
  return view
    .replace(/ integrity="sha384-[A-Za-z0-9+/=]+"/g, '')
    .replace(new RegExp(`,0,${digest}\\]`, 'g'), ']')
    .replace(new RegExp(`,${digest}\\]`, 'g'), ']')
    .replace('if(p[3])l.integrity=p[3];', '')
    .replace(
      /\[\["([^"\]]+)"\]\]\.forEach\(function\(e\)\{var s=document\.createElement\('script'\);s\.src=e\[0\];(?:if\(e\[1\]\)s\.integrity=e\[1\];)?/g,
      `["$1"].forEach(function(src){var s=document.createElement('script');s.src=src;`,
    );
}

/**
 * What two first views are compared by: the whitespace between tags left out (the old server left the
 * indentation of the tags it took out), a tag repeated in the head kept once, a shared package's class
 * names without their hash (it names the package's version: packages/config/webpack.cjs), no digests, and
 * no instants or dates (a demo order's are counted back from when the seed ran).
 */
export function comparable(view: string): string {
  const compact = withoutDigests(view)
    .replace(/>\s+</g, '><')
    .replace(/\blab_[a-z]+-[A-Za-z0-9_-]{6}(?![A-Za-z0-9_-])/g, 'lab_[package]-[hash]')
    // the seed dates the demo orders back from the moment it ran
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, '[instant]')
    .replace(/\b\d{2}\.\d{2}\.\d{4}(?: \d{2}:\d{2})?/g, '[date]');
  const [head = '', ...rest] = compact.split('</head>');
  const seen = new Set<string>();
  const once = head.replace(/<(?:link|meta)\b[^>]*>|<script\b[^>]*>[^<]*<\/script>/g, (tag) => {
    if (seen.has(tag)) return '';
    seen.add(tag);
    return tag;
  });
  return [once, ...rest].join('</head>');
}

/** A first view without its managed head (the tags marked data-head: title, meta, links, structured data). */
export function withoutManagedHead(view: string): string {
  return view
    .replace(/<title data-head>[\s\S]*?<\/title>/g, '')
    .replace(/<script type="application\/ld\+json" data-head>[\s\S]*?<\/script>/g, '')
    .replace(/<(?:meta|link|base)\b[^>]*\bdata-head>/g, '');
}
