/**
 * A page's answers before its hooks ask for them, from one of three places, all taken here: the public
 * answers the shell's server fetched and put into the HTML (the city list, the menus, the page's own:
 * no request on the first render), the personal GETs a signed-in visitor's HTML started before any
 * script (earlyCallsScript), and the personal reads the browser starts with the page's code when the
 * router matches it (startPageData: a route's data list, @lab/pages). A hook takes each answer once,
 * from SWR's cache or its preload (docs/performance.md: one round trip less before a page's data).
 */
import type { Locale } from '@lab/i18n';
import { mutate, preload, unstable_serialize } from 'swr';
import { unstable_serialize as serializeInfinite } from 'swr/infinite';
import type { SessionInfo } from '../contract/auth';
import { apiKeys } from './keys';
import { type ApiRead, fetchRead, readPath } from './reads';
import type { ApiKey } from './swr';

/** An answer and the SWR key of the hook that reads it (`apiKeys`). */
export type PrimedAnswer = { key: ApiKey; data: unknown };

/** The id of the JSON block that carries them (the shell's server writes it). */
export const PRIMED_ANSWERS_ELEMENT_ID = 'lab-api-answers';

function isPrimedAnswer(value: unknown): value is PrimedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { key } = value as { key?: unknown };
  return Array.isArray(key) && typeof key[0] === 'string' && 'data' in value;
}

/** The answers in the page, or none when the block is missing or not what the server writes. */
export function readPrimedAnswers(root: Pick<Document, 'getElementById'>): PrimedAnswer[] {
  const text = root.getElementById(PRIMED_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isPrimedAnswer) : [];
  } catch {
    return [];
  }
}

/** Lists read page by page (useSWRInfinite): the answer for page 0 is also the whole list's first state. */
const PAGED_KEYS: Readonly<Record<string, (key: ApiKey) => boolean>> = {
  'service-list': (key) => key[3] === 0,
};

/**
 * The SWR cache entries the answers fill, by serialized key: each answer's own, and for the first page
 * of a paged list the list's entry (its pages). The client's cache and a server render read the same.
 */
export function primedEntries(answers: readonly PrimedAnswer[]): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const { key, data } of answers) {
    entries.push([unstable_serialize(key), data]);
    if (PAGED_KEYS[key[0]]?.(key)) entries.push([serializeInfinite(() => key), [data]]);
  }
  return entries;
}

/**
 * The hooks that ask for these keys render with the answer at once, as if it were cached: no loading
 * state between the server's preview of the page and its first render. The hook's revalidation on mount
 * gets the same answer instead of a request (SWR's preload); later ones follow the hook's own rules.
 */
export function primeAnswers(answers: readonly PrimedAnswer[]) {
  const session = answers.find(({ key }) => key[0] === apiKeys.session()[0]);
  if (session) rememberSession(session.data as SessionInfo);
  for (const { key, data } of answers) void preload(key, () => Promise.resolve(data));
  for (const [key, data] of primedEntries(answers)) void mutate(key, data, { revalidate: false });
}

let session: SessionInfo | undefined;
/** whether the page has said (primed or read); before that, the page's primed answers are asked */
let remembered = false;

/** The visitor's session as last known (primed by the page's server, then read by useSession). */
export function rememberSession(info: SessionInfo | undefined): void {
  session = info;
  remembered = true;
  // a guest's page takes no personal answer its HTML started for a session that has ended
  if (info?.canLogin === true) forgetEarlyResponses();
}

/** The session known so far; before the apps start (the shell's first script), the one in the page. */
function knownSession(): SessionInfo | undefined {
  // after a sign-out the page's primed answer is stale: once told, only what it was told counts
  if (remembered || typeof document === 'undefined') return session;
  const primed = readPrimedAnswers(document).find(({ key }) => key[0] === apiKeys.session()[0]);
  return primed?.data as SessionInfo | undefined;
}

/** One GET the page's HTML started: the language it asked in, and the answer on its way. */
export type EarlyCall = { locale: string; response: Promise<Response> };

declare global {
  interface Window {
    /** The page's early GETs by absolute address (earlyCallsScript). */
    __LAB_EARLY__?: Record<string, EarlyCall>;
  }
}

/**
 * The inline script of a signed-in visitor's page that starts its personal GETs (paths of the site's own
 * API, `/api/...`: the reads' readPath) before any of its scripts, as the client asks for them: with the
 * session's cookie, JSON, in the page's language. Each answer waits for startPageData.
 */
export function earlyCallsScript(paths: readonly string[], locale: Locale): string {
  const headers = JSON.stringify({
    Accept: 'application/json',
    'Accept-Language': locale,
    'Content-Type': 'application/json',
  });
  return (
    `(function(){var e=window.__LAB_EARLY__=window.__LAB_EARLY__||{};` +
    // a script is its own source: the paths are JSON, and `<` is escaped so none can close the element
    `${JSON.stringify(paths).replace(/</g, '\\u003c')}.forEach(function(p){var u=new URL(p,location.href).href;` +
    `var r=fetch(u,{credentials:'include',headers:${headers}});` +
    // one nobody takes (the session ended) is no unhandled rejection in the console
    `r.catch(function(){});e[u]={locale:${JSON.stringify(locale)},response:r}})})()`
  );
}

/** The answer the page's HTML started for this read in this language, once; null when there is none. */
function takeEarlyResponse(read: ApiRead, locale: Locale): Promise<Response> | null {
  if (typeof window === 'undefined' || !window.__LAB_EARLY__) return null;
  const address = new URL(readPath(read), window.location.href).href;
  const call = window.__LAB_EARLY__[address];
  if (!call) return null;
  delete window.__LAB_EARLY__[address];
  return call.locale === locale ? call.response : null;
}

/** No answer started for the session the page was served to is taken (a sign-out, another user). */
export function forgetEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__LAB_EARLY__;
}

/**
 * Starts a page's personal reads with its code (a route's data list, when the router or the shell's
 * first script matches it), in the page's language: the answer its HTML started, or a request. The public
 * ones are the server's to put into the first view and the page's hooks' to ask for later. A guest's
 * would only be refused: the page asks them to sign in instead. A failure is the hook's to show when it
 * reads the key.
 */
export function startPageData(calls: readonly (ApiRead & { access: 'public' | 'personal' })[], locale: Locale): void {
  if (knownSession()?.canLogin !== false) return;
  for (const call of calls) {
    if (call.access !== 'personal') continue;
    const early = takeEarlyResponse(call, locale);
    // an early answer that failed on the way, or was refused, is asked for again by the client
    const answer = () =>
      early
        ? early.then((response) => (response.ok ? response.json() : Promise.reject())).catch(() => fetchRead(call))
        : fetchRead(call);
    preload(call.key, answer).catch(() => {});
  }
}
