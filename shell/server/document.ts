// The document sent for a page: the build's skeleton filled in once, in order (its language, the page's
// head, the first view, the answers its first render reads, its start), and the headers that say what
// it is: its status, its Content-Security-Policy (from the remotes this visitor gets and the hashes of
// what is inline), and who may keep it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRIMED_ANSWERS_ELEMENT_ID, type PrimedAnswer } from '@lab/api';
import { FALLBACK_LOCALE, type Locale } from '@lab/i18n';
import { compressFor } from '@lab/serve';
import { manifests, type RemotesMap } from '../src/features/remotes/headless';
import { contentSecurityPolicy } from './csp';
import type { RenderedHead } from './head';

export type DocumentParts = {
  template: string;
  locale: Locale;
  head: RenderedHead;
  firstView: string;
  answers: readonly PrimedAnswer[];
  status: number;
  /** the page carries a visitor's session: no shared cache may keep it */
  personal: boolean;
  /** the remotes this visitor loads: the origins the page's scripts, styles and calls may come from */
  remotes: RemotesMap;
  /** development: the webpack-dev-servers the page's hot updates come from */
  devOrigins: readonly string[];
  /** this browser tries a team's build (overridePage.ts): a banner says so, and no cache but its own keeps it */
  banner: { html: string; css: string; styleHash: string } | null;
};

/** A JSON block, not a script: the CSP holds, and `<` is escaped so that no text can close it. */
export function renderPrimedAnswers(answers: readonly PrimedAnswer[]): string {
  if (!answers.length) return '';
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRIMED_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/** The template's parts around what the page fills in. */
function skeleton(template: string) {
  const at = (marker: string, from = 0) => {
    const index = template.indexOf(marker, from);
    if (index < 0) throw new Error(`index.html has no ${marker}`);
    return index;
  };
  const html = at('<html');
  const head = at('</head>');
  const root = at('<div id="root"></div>', head);
  const body = at('</body>', root);
  return {
    before: template.slice(0, html),
    staticHead: template.slice(template.indexOf('>', at('<head', html)) + 1, head),
    betweenRootAndEnd: template.slice(root + '<div id="root"></div>'.length, body),
    afterHead: template.slice(head + '</head>'.length, root),
    end: template.slice(body),
  };
}

/** The page's HTML. */
export function assemble(parts: DocumentParts): string {
  const { before, staticHead, afterHead, betweenRootAndEnd, end } = skeleton(parts.template);
  const lang = parts.locale === FALLBACK_LOCALE ? 'uk' : 'ru';
  return [
    `${before}<html lang="${lang}"><head>${staticHead}${parts.head.head}`,
    parts.banner ? `<style>${parts.banner.css}</style>` : '',
    `</head>${afterHead}<div id="root">${parts.firstView}</div>${parts.banner?.html ?? ''}${betweenRootAndEnd}`,
    `${renderPrimedAnswers(parts.answers)}${parts.head.bodyEnd}${end}`,
  ].join('');
}

/** Sends the page, compressed as the browser accepts it. */
export async function sendDocument(request: IncomingMessage, response: ServerResponse, parts: DocumentParts) {
  const html = assemble(parts);
  // the page carries the API's answers and, with a preview, its content and style: 100 KB before compression
  const { body, encoding } = await compressFor(Buffer.from(html), request.headers['accept-encoding']);
  response.writeHead(parts.status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    // a returning visitor gets no preview, a canary visitor other remotes: the page depends on cookies
    vary: 'accept-encoding, cookie',
    // a returning visitor's page carries their session's answer, an overridden one other remotes than
    // everyone's: no shared cache keeps it
    'cache-control': parts.personal || parts.banner ? 'private, no-cache' : 'no-cache',
    'content-security-policy': contentSecurityPolicy(
      Object.values(manifests(parts.remotes)),
      parts.banner ? [...parts.head.styleHashes, parts.banner.styleHash] : parts.head.styleHashes,
      parts.head.scriptHashes,
      parts.devOrigins,
    ),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
