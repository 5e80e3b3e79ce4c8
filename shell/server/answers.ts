// The API answers every page's first render asks for (the city list, the header's menus, a guest's
// session), fetched by the server with the page's head and put into the HTML for the apps' SWR hooks
// (@lab/api `primeAnswers`). A remote's page adds its own (previews.ts: from its route's handle).
import type { IncomingMessage } from 'node:http';
import { type ApiKey, apiKeys, endpointUrl, type PrimedAnswer, type SessionInfo } from '@lab/api';
import type { Locale } from '@lab/i18n';
import { forwardedHeaders } from '@lab/serve';
import { type Fetch, settlementsUrl } from './pageData';

/** A hook's key and the call that answers it. */
type Call = { key: ApiKey; url: string };

/** Only data that is the same for every visitor (no session, no cart, nothing personal). */
function wanted(page: PageRequest): Call[] {
  const calls: Call[] = [
    // the city and the header's menus: every page
    { key: apiKeys.settlements(page.locale), url: settlementsUrl() },
    { key: apiKeys.menus(page.locale), url: endpointUrl('menus', undefined, { types: 'header,footer' }) },
  ];
  // a browser without any cookie has no session: the API's answer to it is the guest's, the same for all
  if (page.guest) calls.push({ key: apiKeys.session(), url: endpointUrl('sessionInfo') });
  return calls;
}

/** What the server knows of the page asked for. */
export type PageRequest = {
  /** without the locale prefix */
  path: string;
  locale: Locale;
  /** the request carried no cookie at all */
  guest: boolean;
};

/** The answers that arrived; a failed or missing one is left to the page to ask for (and to report). */
export async function primedAnswers(page: PageRequest, get: Fetch): Promise<PrimedAnswer[]> {
  const answers = await Promise.all(
    wanted(page).map(async ({ key, url }): Promise<PrimedAnswer | null> => {
      const data = await get(url).catch(() => null);
      return data == null ? null : { key, data };
    }),
  );
  return answers.filter((answer) => answer !== null);
}

/** A JSON block, not a script: the CSP holds, and `<` is escaped so that no text can close it. */
export function renderPrimedAnswers(answers: readonly PrimedAnswer[], elementId: string): string {
  if (!answers.length) return '';
  return `<script type="application/json" id="${elementId}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
}

/**
 * A returning visitor's session as the API answers it, asked with the request's cookies the way the
 * /api proxy passes them (@lab/serve: the host decides the cookie's name). Whether the visitor is signed
 * in and which profiles they have: nothing personal, and one round trip less before a signed-in page can
 * draw (README "Performance"). The page that carries it is private to the visitor (page.ts).
 */
export async function visitorSession(request: IncomingMessage): Promise<PrimedAnswer | null> {
  const response = await fetch(endpointUrl('sessionInfo'), {
    headers: { accept: 'application/json', cookie: request.headers.cookie ?? '', ...forwardedHeaders(request) },
  }).catch(() => null);
  if (!response?.ok) return null;
  const data = (await response.json().catch(() => null)) as SessionInfo | null;
  return typeof data?.canLogin === 'boolean' ? { key: apiKeys.session(), data } : null;
}
