/**
 * API answers that the page's server fetched anyway (for the page's head) and put into the HTML, so that
 * the first render does not ask for them again: the catalogue's group tree, the city list, the menus.
 * One round trip less before the page's content on a phone's connection (README "Performance").
 */
import { mutate, preload, unstable_serialize } from 'swr';
import { unstable_serialize as serializeInfinite } from 'swr/infinite';
import type { SessionInfo } from '../contract/auth';
import { apiKeys } from './keys';
import { rememberSession } from './preloadPersonal';
import type { ApiKey } from './swr';

/** An answer and the SWR key of the hook that reads it (`apiKeys`). */
export type PrimedAnswer = { key: ApiKey; data: unknown };

/** The id of the JSON block that carries them (shell/server/page.ts writes it). */
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
