// The API answers a page's first render would ask for, fetched by the server with the page's head (the
// same calls, asked once) and put into the HTML for the apps' SWR hooks (@lab/api `primeAnswers`).
import {
  type ApiKey,
  apiKeys,
  CATEGORY_PAGE_SIZE,
  endpointUrl,
  findGroup,
  groupListFilter,
  type PrimedAnswer,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_TYPES,
  type ServiceGroupTreeResponse,
  searchRequest,
  serviceListBody,
} from '@lab/api';
import type { Locale } from '@lab/i18n';
import { type Fetch, firstSettlementId, settlementsUrl } from './pageData';

/** A hook's key and the call that answers it (a POST carries its body). */
type Call = { key: ApiKey; url: string; body?: object };

/**
 * Only data that is the same for every visitor (no session, no cart, nothing personal); prices are a
 * first visit's city's, and a visitor of another city asks for their own as before.
 */
async function wanted(page: PageRequest, get: Fetch): Promise<Call[]> {
  const { path, locale } = page;
  const [, first = '', second = ''] = path.split('/');
  const calls: Call[] = [
    // the city and the header's menus: every page
    { key: apiKeys.settlements(locale), url: settlementsUrl() },
    { key: apiKeys.menus(locale), url: endpointUrl('menus', undefined, { types: 'header,footer' }) },
  ];
  // a browser without any cookie has no session: the API's answer to it is the guest's, the same for all
  if (page.guest) calls.push({ key: apiKeys.session(), url: endpointUrl('sessionInfo') });
  const text = page.query.trim();
  if (first !== 'analyzes' && first !== 'analysis' && !(first === 'search' && text)) return calls;
  const settlementId = await firstSettlementId(get).catch(() => null);
  if (first === 'search' && settlementId != null) {
    // the search page's first answer, as the page asks for it
    const { key, body } = searchRequest(
      text,
      settlementId,
      { types: SEARCH_PAGE_TYPES, size: SEARCH_PAGE_SIZE },
      locale,
    );
    calls.push({ key, url: endpointUrl('search'), body });
  }
  if (first === 'analyzes') {
    const treeUrl = endpointUrl('serviceGroupTree');
    calls.push({ key: apiKeys.serviceGroupTree(locale), url: treeUrl });
    const tree = second ? await get<ServiceGroupTreeResponse>(treeUrl).catch(() => null) : null;
    const group = tree ? findGroup(tree, second) : null;
    if (group && settlementId != null) {
      // the category's first page, as the catalogue asks for it before the visitor narrows the list
      const filter = groupListFilter(group.node, settlementId);
      calls.push({
        key: apiKeys.serviceList(filter, CATEGORY_PAGE_SIZE, 0, locale),
        url: endpointUrl('serviceList', undefined, { page: 0, size: CATEGORY_PAGE_SIZE }),
        body: serviceListBody(filter),
      });
    }
  }
  if (first === 'analysis' && second && settlementId != null) {
    calls.push({
      key: apiKeys.serviceBySlug(second, settlementId, locale),
      url: endpointUrl('serviceBySlug', { slug: second }, { settlementId }),
    });
  }
  return calls;
}

/** What the server knows of the page asked for. */
export type PageRequest = {
  /** without the locale prefix */
  path: string;
  locale: Locale;
  /** the address's `query` parameter (the search page's text), '' when none */
  query: string;
  /** the request carried no cookie at all */
  guest: boolean;
};

/** The answers that arrived; a failed or missing one is left to the page to ask for (and to report). */
export async function primedAnswers(page: PageRequest, get: Fetch): Promise<PrimedAnswer[]> {
  const calls = await wanted(page, get);
  const answers = await Promise.all(
    calls.map(async ({ key, url, body }): Promise<PrimedAnswer | null> => {
      const data = await get(url, body).catch(() => null);
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
