// The API calls a page request makes, all through one ApiGet: what every page's first render reads (the
// city list, the header's menus, a guest's session), a returning visitor's session asked with their
// cookies, and the city a first visit is priced in (@lab/api's one rule, shared with the browser).
import type { IncomingMessage } from 'node:http';
import {
  type ApiRead,
  firstSettlementId as firstOf,
  type PrimedAnswer,
  reads,
  readUrl,
  type SessionInfo,
  type SettlementsListResponse,
} from '@lab/api';
import type { Locale } from '@lab/i18n';
import { forwardedHeaders } from '@lab/serve';

/** A call of the API as the shell's server makes it: a GET, or a POST of `body`; its JSON, null for 404. */
export type ApiGet = <T>(url: string, body?: object) => Promise<T | null>;

/**
 * The API calls of one page request, in the page's language; each made once (the head and the answers
 * share them). `headers`: a signed-in visitor's cookies, for the personal reads of a page drawn for them.
 */
export function apiGet(locale: Locale, headers: Readonly<Record<string, string>> = {}): ApiGet {
  const answers = new Map<string, Promise<unknown>>();
  const call = async (url: string, body?: object): Promise<unknown> => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...headers,
        'accept-language': locale,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
  return <T>(url: string, body?: object) => {
    const id = body ? `${url} ${JSON.stringify(body)}` : url;
    let answer = answers.get(id);
    if (!answer) {
      answer = call(url, body);
      answers.set(id, answer);
    }
    return answer as Promise<T | null>;
  };
}

/** A read made by the server: at the API (API_BASE), its answer under its key; none when it failed or is missing. */
export async function answerOf(read: ApiRead, get: ApiGet): Promise<PrimedAnswer | null> {
  const data = await get(readUrl(read), read.body).catch(() => null);
  return data == null ? null : { key: read.key, data };
}

/**
 * Only data that is the same for every visitor (no session, no cart, nothing personal): the city and the
 * header's menus for every page, and for a browser without any cookie the guest's session, which the API
 * answers alike for all. A failed or missing one is left to the page to ask for (and to report).
 */
export async function sharedAnswers(
  { locale, guest }: { locale: Locale; guest: boolean },
  get: ApiGet,
): Promise<PrimedAnswer[]> {
  const wanted = [reads.settlements(locale), reads.menus(locale), ...(guest ? [reads.session()] : [])];
  const answers = await Promise.all(wanted.map((read) => answerOf(read, get)));
  return answers.filter((answer) => answer !== null);
}

/**
 * A returning visitor's session as the API answers it, asked with the request's cookies the way the
 * /api proxy passes them (@lab/serve: the host decides the cookie's name). Whether the visitor is signed
 * in and which profiles they have: nothing personal, and one round trip less before a signed-in page can
 * draw (docs/performance.md). The page that carries it is private to the visitor (document.ts).
 */
export async function visitorSession(request: IncomingMessage): Promise<PrimedAnswer | null> {
  const response = await fetch(readUrl(reads.session()), {
    headers: { accept: 'application/json', cookie: request.headers.cookie ?? '', ...forwardedHeaders(request) },
  }).catch(() => null);
  if (!response?.ok) return null;
  const data = (await response.json().catch(() => null)) as SessionInfo | null;
  return typeof data?.canLogin === 'boolean' ? { key: reads.session().key, data } : null;
}

/** The calls of a signed-in visitor's own page: with their cookies, as the /api proxy passes them. */
export function visitorsApiGet(request: IncomingMessage, locale: Locale): ApiGet {
  return apiGet(locale, { cookie: request.headers.cookie ?? '', ...forwardedHeaders(request) });
}

let firstCity: Promise<number | null> | null = null;

/**
 * The city a first visit is priced in (@lab/api firstSettlementId, the browser's rule too), asked once
 * and kept while it is known; a failed or empty list is asked for again by the next page.
 */
export function firstSettlementId(get: ApiGet): Promise<number | null> {
  if (!firstCity) {
    const asked = get<SettlementsListResponse>(readUrl(reads.settlements('ua')))
      .then((list) => firstOf(list?.settlements ?? []))
      .catch(() => null);
    firstCity = asked;
    void asked.then((id) => {
      if (id == null && firstCity === asked) firstCity = null;
    });
  }
  return firstCity;
}

/** For tests: the first city asked for again. */
export function forgetFirstSettlement(): void {
  firstCity = null;
}
