// A matched page described by its page server (@lab/pages describe.ts): the shell's own in this process,
// a remote's in the sandbox. The server names the reads its first render makes (in rounds: a category
// needs the tree before its list), this stage makes the public ones and describes again with the answers,
// then takes the page: its crumbs, head, heading, whether it exists, its preview or frame, its personal
// reads. What a remote's module answers is code from whoever can write to its origin: only the expected
// shapes are taken, and its reads only as calls of the API's own endpoints.
import { type ApiRead, endpoints, isGet, type PrimedAnswer, readPath, readUrl } from '@lab/api';
import type { DataCall, DescribedPage, PageCrumbLabel, PageRequest, PageResult } from '@lab/pages/routes';
import type { PageMeta } from '@lab/ui';
import type { ApiGet } from './fetch';

/** Rounds of reads a page may ask for before it is described with what there is (tree, then list). */
export const MAX_ROUNDS = 3;

/** A page server: the shell's own (shellPages.ts), or a remote's module in the sandbox. */
export type Describer = (request: PageRequest) => Promise<PageResult>;

/** A matched page as the later stages use it. */
export type Described = {
  notFound: boolean;
  meta: PageMeta | null;
  heading: string | null;
  crumbs: PageCrumbLabel[];
  /** the page rendered for a first visit, its frame for anyone (`frame`), or the signed-in visitor's own view (`visitors`) */
  html: string | null;
  frame: boolean;
  visitors: boolean;
  /** the public answers the page's first render reads beyond those every page has */
  answers: PrimedAnswer[];
  /** they describe the page but stay out of the HTML (a content page's body) */
  answersStayOut: boolean;
  /** the page's personal reads (GETs), for a signed-in visitor's HTML to start */
  personal: ApiRead[];
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const plain = (value: unknown): value is Record<string, string | number | boolean> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => ['string', 'number', 'boolean'].includes(typeof entry));

/** A read as a call of a known endpoint of the API with plain parameters; null for anything else. */
export function checkedRead(call: DataCall): DataCall | null {
  if (!call || typeof call !== 'object' || !Array.isArray(call.key) || typeof call.key[0] !== 'string') return null;
  if (typeof call.endpoint !== 'string' || !Object.hasOwn(endpoints, call.endpoint)) return null;
  if (call.access !== 'public' && call.access !== 'personal') return null;
  if ((call.params !== undefined && !plain(call.params)) || (call.query !== undefined && !plain(call.query)))
    return null;
  if (call.body !== undefined && (typeof call.body !== 'object' || call.body === null)) return null;
  const read = { key: call.key, endpoint: call.endpoint, params: call.params, query: call.query, body: call.body };
  try {
    readPath(read);
  } catch {
    return null; // a parameter its path needs is missing
  }
  return { ...read, access: call.access };
}

/** The page as described, in the shapes the later stages expect. */
function checked(page: DescribedPage, answers: PrimedAnswer[]): Described {
  const crumbs = Array.isArray(page.crumbs)
    ? page.crumbs
        .filter((crumb) => text(crumb?.pattern)?.startsWith('/') && text(crumb.label))
        .map(({ pattern, label, id }) => ({ pattern, label, ...(text(id) ? { id } : {}) }))
    : [];
  const listed: DataCall[] = Array.isArray(page.personal) ? page.personal : [];
  return {
    notFound: page.notFound === true,
    meta: page.meta && typeof page.meta === 'object' && !Array.isArray(page.meta) ? page.meta : null,
    heading: text(page.heading),
    crumbs,
    html: text(page.html),
    frame: page.frame === true,
    visitors: page.visitors === true,
    answers,
    answersStayOut: page.answersStayOut === true,
    // a personal read is one the browser makes, of the site's own API: a GET
    personal: listed.map(checkedRead).filter((call): call is DataCall => call?.access === 'personal' && isGet(call)),
  };
}

/**
 * Describes the matched page: asks its server, makes the public reads it names (failures left out: the
 * page asks for them in the browser, and reports them), asks again with the answers. `primed`: what the
 * shell primes for every page (the city list, a guest's session ...), which the page reads too. A
 * signed-in visitor's request (`personalGet`: with their cookies) also makes the personal GETs a page
 * with its own view for them names. Null: the page server failed or has no such route.
 */
export async function describe(
  describer: Describer,
  request: Omit<PageRequest, 'answers' | 'final'>,
  get: ApiGet,
  primed: readonly PrimedAnswer[],
  personalGet: ApiGet | null = null,
): Promise<Described | null> {
  const answers: { key: PrimedAnswer['key']; data: unknown }[] = [...primed];
  const asked = new Set<string>(primed.map((answer) => JSON.stringify(answer.key)));
  for (let round = 0; round <= MAX_ROUNDS; round += 1) {
    const result = await describer({ ...request, answers, final: round === MAX_ROUNDS });
    if (!result || typeof result !== 'object') return null;
    if (result.kind === 'page') {
      const own = answers.slice(primed.length).filter((answer) => answer.data != null) as PrimedAnswer[];
      return checked(result, own);
    }
    const listed: DataCall[] = Array.isArray(result.calls) ? result.calls : [];
    const calls = listed
      .map(checkedRead)
      .filter(
        (call): call is DataCall =>
          call !== null &&
          (call.access === 'public' || (personalGet !== null && isGet(call))) &&
          !asked.has(JSON.stringify(call.key)),
      );
    // nothing new to ask (a read failed before): the page is described with what there is
    if (!calls.length) round = Math.max(round, MAX_ROUNDS - 1);
    await Promise.all(
      calls.map(async (call) => {
        asked.add(JSON.stringify(call.key));
        const via = call.access === 'personal' ? (personalGet as ApiGet) : get;
        const data = await via(readUrl(call), call.body).then(
          (value) => ({ value }),
          () => null,
        );
        if (data) answers.push({ key: call.key, data: data.value });
      }),
    );
  }
  return null;
}
