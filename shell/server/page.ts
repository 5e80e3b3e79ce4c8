// A page of the site served with its first view, in stages, once per request: match the address to its
// page (match.ts), fetch what every page reads (fetch.ts), describe the page from its routes (describe.ts:
// the shell's pages in this process, a remote's in the sandbox), render its head (head.ts) and first view
// (firstView.ts), and assemble the document (document.ts). Whatever fails on the way (the API down, a
// remote without its build) leaves the page as the browser would draw it alone, with the site's head.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type PrimedAnswer, readPath, type SessionInfo } from '@lab/api';
import { localeFromPath, stripLocale } from '@lab/i18n';
import { buildTrail } from '../src/features/breadcrumbs/headless';
import type { RemotesMap } from '../src/features/remotes/headless';
import { pageFileDigests } from './buildIntegrity';
import { visitorCookies } from './deployment';
import { type Described, describe } from './describe';
import { digestsByAddress, fileDigests } from './digests';
import { sendDocument } from './document';
import { apiGet, firstSettlementId, sharedAnswers, visitorSession, visitorsApiGet } from './fetch';
import { firstView } from './firstView';
import { renderHead } from './head';
import { type Match, matchRequest } from './match';
import { type RemoteOverrides, withoutOverrideCookie } from './override';
import { overrideBanner } from './overridePage';
import { previewHead } from './previewHead';
import { pageCss, pageFiles, type RemoteBuild } from './remoteBuilds';
import { documentTemplate, sharedPackagesCss, shellPageFiles, startupAt, startupFiles } from './shellBuild';
import { shellTexts } from './shellPages';

export type PageOptions = {
  /** the shell's build (or live release) the page is served from */
  root: string;
  /** the address the page names that folder's files at ('/', or its release's: deployment.ts shellBase) */
  base: string;
  publicUrl: string | null;
  /** the remotes this visitor loads (visitor.ts: the deployment, a canary, this browser's overrides) */
  remotesMap: RemotesMap;
  /** the remotes this browser loads from a team's build (override.ts): the page carries the banner */
  overrides: RemoteOverrides | null;
  remoteHints: boolean;
  /** development: the webpack-dev-servers the page's hot updates come from */
  devOrigins?: readonly string[];
};

/** A navigation to a page of the app (not a file, not the API). */
export function isPageRequest(request: IncomingMessage, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) return false;
  return true;
}

export async function servePage(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  options: PageOptions,
) {
  const locale = localeFromPath(pathname);
  const path = stripLocale(pathname);
  const { search } = new URL(request.url ?? '/', 'http://localhost');
  const origin = options.publicUrl ?? `http://${request.headers.host ?? 'localhost'}`;
  // the canary bucket (deployment.ts) and an override are no sign of an earlier visit: still a preview
  const guest = withoutOverrideCookie(visitorCookies(request.headers.cookie)) === '';
  const get = apiGet(locale);
  // a returning visitor's session, asked while the page's data is (a first visit's is primed as a guest's)
  const session = guest ? Promise.resolve(null) : visitorSession(request);
  let match: Match | null = null;
  let described: Described | null = null;
  let shared: PrimedAnswer[] = [];
  let cityId: number | null = null;
  try {
    [match, shared, cityId] = await Promise.all([
      matchRequest(path, options.remotesMap),
      sharedAnswers({ locale, guest }, get),
      firstSettlementId(get),
    ]);
    // the page reads what every page reads too, a returning visitor's session included (which profiles
    // it has: a page's frame is drawn for them); prices, and a first visit's preview, are the first city's
    const visitor = await session;
    const known = visitor ? [...shared, visitor] : shared;
    // a signed-in visitor's page may be drawn from their own reads (PageHandle.visitorsView)
    const own = isSignedIn(visitor);
    described =
      match &&
      (await describe(
        match.describe,
        {
          url: `${path}${search}`,
          routes: match.routes,
          params: match.params,
          locale,
          origin,
          settlementId: cityId,
          preview: guest,
          signedIn: own,
          stored: cityId == null ? {} : { cityId },
        },
        get,
        known,
        own ? visitorsApiGet(request, locale) : null,
      ));
  } catch (error) {
    // the API is down or slow, a page server failed: the page still works, its head falls back to the defaults
    console.error(`[shell] page ${path}:`, error instanceof Error ? error.message : error);
  }
  const visitor = await session;
  const notFound = described?.notFound ?? false;
  // a first visit's page for a guest; a page's frame (nothing of the visitor) for anyone; a signed-in
  // visitor's own view for them (kept by the app as a frame is: it assumes no stored city or cart)
  const drawn =
    described?.html && (guest || described.frame || described.visitors) && !notFound
      ? { html: described.html, frame: described.frame || described.visitors }
      : null;
  const css = drawn && match?.build ? await drawnCss(options.root, match) : null;
  const preview = drawn && css !== null ? previewHead(drawn, css, cityId) : null;
  const t = shellTexts(locale);
  // the page server wrote each crumb's label in the page's locale, a real name where it has one
  const definitions = (described?.crumbs ?? []).map(({ pattern, label, id, parents }) => ({
    pattern,
    labelKey: label,
    id,
    ...(parents ? { parents: parents.map(({ link, label: text }) => ({ link, labelKey: text })) } : {}),
  }));
  const crumbs = buildTrail(path, definitions, ({ labelKey }) => labelKey, { label: t('crumbs.home'), link: '/' });
  // a signed-in visitor's page starts its personal reads itself, before its scripts (@lab/api pageData.ts)
  const signedIn = isSignedIn(visitor);
  const [template, built, files] = await Promise.all([
    documentTemplate(options.root),
    startupFiles(options.root),
    // the page's own code: a remote's, or the shell's page's (home's is part of the start-up)
    !match || notFound
      ? { scripts: [], styles: [] }
      : match.build
        ? remotePageFiles(match.build, match.entries)
        : shellPageFiles(options.root, match.routes, options.base),
  ]);
  // every file of the shell the page names, at its release's address: still that release's after a promotion
  const startup = startupAt(built, options.base);
  // the shell's build loads its files by digest: its tags carry the same (a remote's files keep its pins)
  const ownDigests = startup.integrity
    ? digestsByAddress(
        await fileDigests(options.root, built.scripts),
        [...startup.scripts, ...startup.preloads.map(({ href }) => href), ...files.scripts, ...files.styles],
        options.base,
      )
    : {};
  const head = renderHead({
    meta: described?.meta ?? {},
    path,
    locale,
    origin,
    crumbs,
    startup,
    // the home page's hero and a drawn page need nothing more to be read: the scripts can wait a frame
    drawn: preview !== null || path === '/',
    remoteHints: options.remoteHints ? options.remotesMap : null,
    deployment: deploymentOf(options.remotesMap),
    pageFiles: files,
    ownDigests,
    early: signedIn && !notFound ? (described?.personal ?? []).map(readPath) : [],
    preview,
  });
  const answers = [...shared, ...(described && !described.answersStayOut ? described.answers : [])];
  await sendDocument(request, response, {
    template,
    locale,
    head,
    firstView: firstView({
      path,
      locale,
      heading: described?.heading ?? null,
      kept: match?.remote != null,
      notFound,
      crumbs,
      drawn: preview ? drawn : null,
    }),
    answers: visitor ? [...answers, visitor] : answers,
    status: notFound ? 404 : 200,
    personal: visitor !== null,
    remotes: options.remotesMap,
    devOrigins: options.devOrigins ?? [],
    banner: options.overrides ? overrideBanner(options.overrides, locale) : null,
  });
}

/** The session's answer says a user is signed in. */
function isSignedIn(visitor: PrimedAnswer | null): boolean {
  return (visitor?.data as SessionInfo | undefined)?.canLogin === false;
}

/** A remote page's files, with their digests where its release is pinned. */
function remotePageFiles(build: RemoteBuild, entries: Match['entries']) {
  const files = pageFiles(build.base, entries);
  return { ...files, digests: pageFileDigests(build, files) };
}

/**
 * A drawn page's style: the shared packages' (the shell's build) first, as the page loads them, then its
 * own; null when one cannot be had (the page is then not drawn: it would be drawn unstyled).
 */
async function drawnCss(root: string, match: Match): Promise<string | null> {
  try {
    const [shared, own] = await Promise.all([
      sharedPackagesCss(root),
      match.build ? pageCss(match.build, match.entries) : Promise.resolve(''),
    ]);
    return [shared, own].filter(Boolean).join('\n');
  } catch (error) {
    console.error(`[shell] page style of ${match.remote}:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** The deployment the visitor's map answers for (deployment.ts remotesFor names it in each remote). */
function deploymentOf(map: RemotesMap): number | null {
  for (const declaration of Object.values(map)) {
    if (typeof declaration === 'object' && typeof declaration.deployment === 'number') return declaration.deployment;
  }
  return null;
}
