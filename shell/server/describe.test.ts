/** @jest-environment node */
import { apiKeys, type PrimedAnswer, reads } from '@lab/api';
import type { DataCall, PageRequest, PageResult } from '@lab/pages/routes';
import { type Describer, describe as describePage } from './describe';
import type { ApiGet } from './fetch';

const registry: DataCall = { ...reads.registry(6, 'ua'), access: 'personal' };
const tree: DataCall = { ...reads.serviceGroupTree('ua'), access: 'public' };
const request = {
  url: '/account/results/6',
  routes: ['mf_account/account', 'mf_account/order-results'],
  params: { id: '6' },
  locale: 'ua',
  origin: 'http://site',
  settlementId: 1,
  preview: false,
  stored: {},
} satisfies Omit<PageRequest, 'answers' | 'final'>;

/** A page server that asks for its reads until it has their answers, then says what it was told. */
const server: Describer = async ({ answers, signedIn, final }): Promise<PageResult> => {
  const has = (call: DataCall) => answers.some(({ key }) => JSON.stringify(key) === JSON.stringify(call.key));
  const missing = [tree, ...(signedIn ? [registry] : [])].filter((call) => !has(call));
  if (missing.length && !final) return { kind: 'calls', calls: missing };
  return { kind: 'page', notFound: false, meta: null, heading: null, crumbs: [], html: '<p>drawn</p>', visitors: true };
};

/** A getter that records what it was asked. */
function recording(): { get: ApiGet; urls: string[] } {
  const urls: string[] = [];
  const get = (async (url: string) => {
    urls.push(url);
    return { url };
  }) as ApiGet;
  return { get, urls };
}

describe('a signed-in visitor’s own view of a page', () => {
  it('makes the personal reads with the visitor’s getter only, and puts their answers into the page', async () => {
    const shared = recording();
    const own = recording();
    const page = await describePage(server, { ...request, signedIn: true }, shared.get, [], own.get);
    expect(shared.urls).toEqual([expect.stringContaining('/service/services/groups/enabled/tree')]);
    expect(own.urls).toEqual([expect.stringContaining('/registry/registries/self/6')]);
    expect(page?.visitors).toBe(true);
    expect(page?.answers.map(({ key }: PrimedAnswer) => key)).toEqual(
      expect.arrayContaining([apiKeys.registry(6, 'ua')]),
    );
  });

  it('makes no personal read without the visitor’s getter (a guest, or a page of another kind)', async () => {
    const shared = recording();
    const page = await describePage(server, { ...request, signedIn: true }, shared.get, []);
    expect(shared.urls.some((url) => url.includes('/registry/'))).toBe(false);
    expect(page?.answers.map(({ key }: PrimedAnswer) => key)).not.toContainEqual(apiKeys.registry(6, 'ua'));
  });
});

describe('a page server', () => {
  it('that asks for reads it cannot have, even when told it is the last round, is given up on', async () => {
    const endless: Describer = async () => ({ kind: 'calls', calls: [registry] });
    const asked = jest.fn(endless);
    expect(await describePage(asked, { ...request, signedIn: true }, recording().get, [])).toBeNull();
    expect(asked.mock.calls.length).toBeLessThanOrEqual(4);
  });
});
