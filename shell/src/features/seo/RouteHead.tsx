// The head the matched route declares (@lab/pages PageHandle.head), from its data as the page's hooks
// have it in SWR's cache: the same declaration the shell's server writes into the first view. A page
// may say more while it is mounted (usePageMeta), over it.
import { type ApiError, fetchRead, useStored } from '@lab/api';
import { useLocale, useTranslation } from '@lab/i18n';
import type { DataCall, PageContext, PageHandle } from '@lab/pages/routes';
import { useLocation, useMatches } from '@lab/router';
import { setRouteMeta } from '@lab/ui';
import { startTransition, useCallback, useEffect, useState } from 'react';
import useSWR, { type SWRConfiguration, unstable_serialize as serialize } from 'swr';

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { ns?: unknown }).ns === 'string';

/** Writes the deepest matched route's head; a route without one leaves the site's. */
export function RouteHead() {
  const matches = useMatches();
  const match = matches.findLast((candidate) => isPageHandle(candidate.handle));
  useEffect(() => {
    if (!match) setRouteMeta({});
  }, [match]);
  if (!match || !isPageHandle(match.handle)) return null;
  return <HandleHead key={match.id} handle={match.handle} params={match.params} />;
}

type Answer = { data: unknown; error: ApiError | undefined };

function HandleHead({ handle, params }: { handle: PageHandle; params: PageContext['params'] }) {
  const { search } = useLocation();
  const locale = useLocale();
  // the city the page's own reads are for, as they follow it (on a first visit, stored after this render)
  const settlementId = useStored('cityId');
  const { t } = useTranslation(handle.ns);
  const [answers, setAnswers] = useState<ReadonlyMap<string, Answer>>(new Map());
  // the head is not drawn: its update waits for what is, in slices (a transition), not in one long task
  const told = useCallback((id: string, answer: Answer) => {
    startTransition(() => setAnswers((current) => new Map(current).set(id, answer)));
  }, []);
  const context: PageContext = {
    params,
    query: new URLSearchParams(search),
    locale,
    origin: window.location.origin,
    settlementId,
    // as on the server: null once the API said 404
    answer: <T,>(key: readonly unknown[]) => {
      const answer = answers.get(serialize(key));
      return (answer?.error?.status === 404 ? null : answer?.data) as T | null | undefined;
    },
    t,
  };
  const calls = handle.data?.(context) ?? [];
  const meta = JSON.stringify(handle.head?.(context) ?? {});
  useEffect(() => setRouteMeta(JSON.parse(meta)), [meta]);
  useEffect(() => () => setRouteMeta({}), []);
  return calls.map((call) => <Watch key={serialize(call.key)} call={call} told={told} />);
}

/**
 * Reads one answer from SWR's cache as the page's hook has it and tells it. It asks for nothing itself
 * (not on mount, not when stale), yet carries the read: SWR hands a key's revalidation (the page's
 * retry) to the first hook that reads it, which may be this one.
 */
const WATCH: SWRConfiguration = {
  revalidateOnMount: false,
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
};

function Watch({ call, told }: { call: DataCall; told: (id: string, answer: Answer) => void }) {
  const { data, error } = useSWR<unknown, ApiError>(call.key, () => fetchRead(call), WATCH);
  const id = serialize(call.key);
  useEffect(() => told(id, { data, error }), [id, data, error, told]);
  return null;
}
