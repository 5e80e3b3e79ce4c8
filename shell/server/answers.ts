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
  type ServiceGroupTreeResponse,
} from '@lab/api';
import type { Locale } from '@lab/i18n';
import { type Fetch, firstSettlementId, settlementsUrl } from './pageData';

/** A hook's key and the call that answers it (a POST carries its body). */
type Call = { key: ApiKey; url: string; body?: object };

/**
 * Only data that is the same for every visitor (no session, no cart, nothing personal); prices are a
 * first visit's city's, and a visitor of another city asks for their own as before.
 */
async function wanted(path: string, locale: Locale, get: Fetch): Promise<Call[]> {
  const [, first = '', second = ''] = path.split('/');
  const calls: Call[] = [
    // the city and the header's menus: every page
    { key: apiKeys.settlements(locale), url: settlementsUrl() },
    { key: apiKeys.menus(locale), url: endpointUrl('menus', undefined, { types: 'header,footer' }) },
  ];
  if (first !== 'analyzes' && first !== 'analysis') return calls;
  const settlementId = await firstSettlementId(get).catch(() => null);
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
        body: { ...filter, sort: 'group', showOnSite: true },
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

/** The answers that arrived; a failed or missing one is left to the page to ask for (and to report). */
export async function primedAnswers(path: string, locale: Locale, get: Fetch): Promise<PrimedAnswer[]> {
  const calls = await wanted(path, locale, get);
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
