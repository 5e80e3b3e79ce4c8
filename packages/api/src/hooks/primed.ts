/**
 * API answers that the page's server fetched anyway (for the page's head) and put into the HTML, so that
 * the first render does not ask for them again: the catalogue's group tree, the city list, the menus.
 * One round trip less before the page's content on a phone's connection (README "Performance").
 */
import { preload } from 'swr';
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

/**
 * The first hook that asks for one of these keys gets the answer as if it had fetched it (SWR's
 * preload); later revalidation follows the hook's own rules. An answer nobody asks for costs nothing.
 */
export function primeAnswers(answers: readonly PrimedAnswer[]) {
  for (const { key, data } of answers) void preload(key, () => Promise.resolve(data));
}
