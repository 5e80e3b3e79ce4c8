// The API answers a page's first render would ask for, fetched by the server with the page's head (the
// same calls, asked once) and put into the HTML for the apps' SWR hooks (@lab/api `primeAnswers`).
import { type ApiKey, apiKeys, endpointUrl, type PrimedAnswer } from '@lab/api';
import type { Locale } from '@lab/i18n';
import { type Fetch, firstSettlementId, settlementsUrl } from './pageData';

/** Only reference data that is the same for every visitor: no session, no cart, no personal data. */
async function wanted(path: string, locale: Locale, get: Fetch): Promise<[ApiKey, string][]> {
  const [, first = '', second = ''] = path.split('/');
  const calls: [ApiKey, string][] = [
    // the city and the header's menus: every page
    [apiKeys.settlements(locale), settlementsUrl()],
    [apiKeys.menus(locale), endpointUrl('menus', undefined, { types: 'header,footer' })],
  ];
  if (first === 'analyzes') calls.push([apiKeys.serviceGroupTree(locale), endpointUrl('serviceGroupTree')]);
  if (first === 'analysis' && second) {
    // a first visit's city; another city's visitor asks for their own prices as before
    const settlementId = await firstSettlementId(get).catch(() => null);
    if (settlementId != null) {
      calls.push([
        apiKeys.serviceBySlug(second, settlementId, locale),
        endpointUrl('serviceBySlug', { slug: second }, { settlementId }),
      ]);
    }
  }
  return calls;
}

/** The answers that arrived; a failed or missing one is left to the page to ask for (and to report). */
export async function primedAnswers(path: string, locale: Locale, get: Fetch): Promise<PrimedAnswer[]> {
  const calls = await wanted(path, locale, get);
  const answers = await Promise.all(
    calls.map(async ([key, url]): Promise<PrimedAnswer | null> => {
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
