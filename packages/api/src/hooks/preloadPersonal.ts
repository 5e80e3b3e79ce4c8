/**
 * A signed-in page's first call, started when the router matches the page (its route's `preload`),
 * in parallel with the page's code instead of after it: one round trip less before a personal page
 * draws its data (README "Performance"). The server primes nothing personal (answers.ts), so this is
 * the browser's own request; the hook that reads the key takes its answer (SWR's preload).
 */
import { preload } from 'swr';
import { api } from '../clients';
import { forgetEarlyResponses } from '../clients/early';
import type { SessionInfo } from '../contract/auth';
import { apiKeys } from './keys';
import { readPrimedAnswers } from './primed';
import type { ApiKey } from './swr';

let session: SessionInfo | undefined;
/** whether the page has said (primed or read); before that, the page's primed answers are asked */
let remembered = false;

/** The visitor's session as last known (primed by the page's server, then read by useSession): whether to ask at all. */
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

function preloadSignedIn(key: ApiKey, call: () => Promise<unknown>): void {
  // a guest's call would only be refused: the page asks them to sign in instead
  if (knownSession()?.canLogin !== false) return;
  // a failure is the hook's to show when it reads the key; unread, it is nobody's
  preload(key, call).catch(() => {});
}

/** The order a payment result shows (useOrder). */
export function preloadOrder(orderId: string): void {
  preloadSignedIn(apiKeys.order(orderId), () => api.orders.get(orderId));
}
