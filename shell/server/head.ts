// The page's head, each tag written once: what crawlers read (title, description, canonical, og tags,
// structured data), the first view's style, the files the page starts with and the remotes' hints, the
// page's own code, a signed-in visitor's early reads and a drawn page's style. A page drawn from its HTML
// (a preview, the home page's hero) asks for its scripts only after its first frame: the start script at
// the end of the body adds them then (docs/performance.md: on a phone's line the page's own bytes arrive
// without the start-up's JavaScript competing for it).
import { earlyCallsScript } from '@lab/api';
import type { Locale } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';
import {
  DEPLOYMENT_META_NAME,
  manifests,
  REMOTES_MAP_ELEMENT_ID,
  REMOTES_ON_DEMAND,
  type RemotesMap,
} from '../src/features/remotes/headless';
import { buildHead, escapeHtml, renderHeadHtml } from '../src/features/seo/headless';
import { installTapCapture } from '../src/features/taps/headless';
import { hashSource } from './csp';
import { firstViewCss, firstViewStyleHash } from './firstView';
import type { PreviewHead } from './previewHead';
import type { StartupFiles } from './shellBuild';
import { shellTexts } from './shellPages';

export type HeadInput = {
  meta: PageMeta;
  /** without the locale prefix */
  path: string;
  locale: Locale;
  origin: string;
  crumbs: readonly { label: string; link: string }[];
  startup: Pick<StartupFiles, 'scripts' | 'preloads'>;
  /** the page is drawn from its HTML: its scripts wait for its first frame */
  drawn: boolean;
  /** the remotes map inline, connections to their origins and their manifests (off: the bench's "before") */
  remoteHints: RemotesMap | null;
  /** the deployment the page is served with (the inline map names it in each remote; without it, a meta) */
  deployment: number | null;
  /** the page's own scripts and style sheets (a remote page's), with a pinned release's digests by address */
  pageFiles: { scripts: string[]; styles: string[]; digests?: Readonly<Record<string, string>> };
  /** the shell's own files' digests by address, when its build loads them by digest (digests.ts) */
  ownDigests?: Readonly<Record<string, string>>;
  /** a signed-in visitor's personal reads (their paths), started before any script */
  early: string[];
  preview: PreviewHead | null;
};

/**
 * Keeps a tap on the first view's controls for the app (features/taps): in the head, so it listens before
 * anything is drawn.
 */
export const tapCaptureScript = `(${installTapCapture.toString()})(window)`;
const tapCaptureHash = hashSource(tapCaptureScript);

/** The head's tags, the start script for the end of the body, and the CSP sources of what is inline. */
export type RenderedHead = { head: string; bodyEnd: string; styleHashes: string[]; scriptHashes: string[] };

type Preload = { href: string; as: 'script' | 'style' | 'fetch'; cors?: boolean; integrity?: string };

const preloadTag = ({ href, as, cors, integrity }: Preload) =>
  `<link rel="preload" as="${as}" href="${escapeHtml(href)}"${cors ? ' crossorigin' : ''}${integrity ? ` integrity="${escapeHtml(integrity)}"` : ''}>`;

/**
 * A file's preload with its digest where it has one, as the runtime that loads it sets it: with CORS from
 * another origin (a pinned remote's), without from the site's own (the shell's; the same request, so
 * the file downloads once).
 */
const withDigest = (href: string, as: 'script' | 'style', digests: Readonly<Record<string, string>> = {}): Preload => {
  const integrity = digests[href];
  if (!integrity) return { href, as };
  return href.startsWith('/') ? { href, as, integrity } : { href, as, cors: true, integrity };
};

const scriptTag = (src: string, integrity: string | undefined) =>
  `<script defer="defer" src="${escapeHtml(src)}"${integrity ? ` integrity="${escapeHtml(integrity)}"` : ''} fetchpriority="high"></script>`;

export function renderHead(input: HeadInput): RenderedHead {
  const t = shellTexts(input.locale);
  const site = {
    publicUrl: input.origin,
    siteName: t('siteName'),
    defaultTitle: t('seo.defaultTitle'),
    defaultDescription: t('seo.defaultDescription'),
    ogImage: '/og-image.png',
    telephone: '0 800 102021',
  };
  const managed = renderHeadHtml(
    buildHead({ meta: input.meta, path: input.path, locale: input.locale, crumbs: input.crumbs, site }),
  );
  const hints = input.remoteHints ? remoteHints(input.remoteHints) : { tags: [], manifests: [] };
  const pageFiles = input.remoteHints ? input.pageFiles : { scripts: [], styles: [] };
  // the files the page asks for with its scripts, in the order the page needs them
  const own = input.ownDigests ?? {};
  const startupPreloads = input.startup.preloads.map(({ href, as }) => withDigest(href, as, own));
  const digests = { ...own, ...pageFiles.digests };
  const preloads: Preload[] = [
    ...startupPreloads,
    ...hints.manifests.map((href) => ({ href, as: 'fetch' as const, cors: true })),
    ...pageFiles.scripts.map((href) => withDigest(href, 'script', digests)),
    ...pageFiles.styles.map((href) => withDigest(href, 'style', digests)),
  ];
  const entries = input.startup.scripts.map((src) => ({ src, integrity: own[src] }));
  const early = input.early.length ? earlyCallsScript(input.early, input.locale) : null;
  const start = input.drawn && entries.length ? startScript(preloads, entries) : null;
  const startTags = start
    ? []
    : [...entries.map(({ src, integrity }) => scriptTag(src, integrity)), ...startupPreloads.map(preloadTag)];
  const laterPreloads = start ? [] : preloads.slice(input.startup.preloads.length).map(preloadTag);
  // a page without the map asks /remotes.json for its own deployment's (remotes/pageRemotes.ts)
  const deploymentTag =
    !input.remoteHints && input.deployment !== null
      ? `<meta name="${DEPLOYMENT_META_NAME}" content="${input.deployment}">`
      : '';
  const head = [
    startTags.join(''),
    deploymentTag,
    `    ${managed}\n    <style>${firstViewCss}</style>\n    <script>${tapCaptureScript}</script>\n    `,
    [...hints.tags, ...laterPreloads].join('\n    '),
    early ? `<script>${early}</script>` : '',
    input.preview?.html ?? '',
    '\n  ',
  ].join('');
  return {
    head,
    bodyEnd: start ? `<script>${start}</script>` : '',
    styleHashes: [firstViewStyleHash, ...(input.preview?.styleHashes ?? [])],
    scriptHashes: [
      tapCaptureHash,
      ...(input.preview?.scriptHashes ?? []),
      ...(start ? [hashSource(start)] : []),
      ...(early ? [hashSource(early)] : []),
    ],
  };
}

/**
 * Every page mounts the remotes of its header (all but REMOTES_ON_DEMAND), so their first requests can
 * start with the page's own: the remotes map inline (a JSON block, not a script: the CSP holds; the
 * shell reads it instead of fetching /remotes.json), connections to the remotes' origins, and their
 * manifests, preloaded (the runtime fetches them with CORS). Not the entries: Chromium hands a failed
 * script preload to the later <script> too, so a slot's retry after its remote was down would fail
 * again (isolation journey).
 */
export function remoteHints(remotesMap: RemotesMap): { tags: string[]; manifests: string[] } {
  const json = JSON.stringify(remotesMap).replace(/</g, '\\u003c');
  const tags = [`<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">${json}</script>`];
  const atStart = Object.entries(manifests(remotesMap))
    .filter(([name]) => !REMOTES_ON_DEMAND.includes(name))
    .map(([, manifest]) => new URL(manifest).href);
  for (const origin of new Set(atStart.map((url) => new URL(url).origin))) {
    tags.push(`<link rel="preconnect" href="${origin}">`, `<link rel="preconnect" href="${origin}" crossorigin>`);
  }
  return { tags, manifests: atStart };
}

/**
 * The page's start after its first frame (a timer too: a tab opened in the background draws no frame
 * until shown): the preloads in their order, then the entry, behind nothing.
 */
export function startScript(
  preloads: readonly Preload[],
  entries: readonly { src: string; integrity?: string | undefined }[],
): string {
  const listed = preloads.map(({ href, as, cors, integrity }) =>
    integrity ? [href, as, cors ? 1 : 0, integrity] : cors ? [href, as, 1] : [href, as],
  );
  const scripts = entries.map(({ src, integrity }) => (integrity ? [src, integrity] : [src]));
  // a digest's line only where one is listed: a build without digests starts as before
  const digest = listed.some((preload) => preload[3]) ? 'if(p[3])l.integrity=p[3];' : '';
  const entryDigest = scripts.some((script) => script[1]) ? 'if(e[1])s.integrity=e[1];' : '';
  return (
    `(function(){var started=false;function start(){if(started)return;started=true;` +
    `${JSON.stringify(listed)}.forEach(function(p){var l=document.createElement('link');l.rel='preload';l.as=p[1];if(p[2])l.crossOrigin='anonymous';${digest}l.href=p[0];document.head.appendChild(l)});` +
    `${JSON.stringify(scripts)}.forEach(function(e){var s=document.createElement('script');s.src=e[0];${entryDigest}s.async=false;document.head.appendChild(s)})}` +
    `requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,500)})()`
  );
}
