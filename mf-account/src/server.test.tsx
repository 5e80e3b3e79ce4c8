/** @jest-environment node */
// The account's pages as the shell's server describes them (its server module): headings, and for a
// signed-in visitor the page's frame, which holds nothing personal and no city.
import { apiKeys, type PrimedAnswer, type ResultRow, type SessionInfo } from '@lab/api';
import { type DescribedPage, matchPage, type PageRequest } from '@lab/pages';
import { routes } from './routes';
import { describePage } from './server';
import { REGISTRY, ROWS } from './test/fixtures';

const session = (profiles: SessionInfo['profiles']): PrimedAnswer => ({
  key: apiKeys.session(),
  data: { canLogin: false, profiles },
});

async function page(
  url: string,
  answers: PrimedAnswer[] = [],
  preview = false,
  signedIn = false,
): Promise<DescribedPage | { kind: 'calls'; calls: unknown[] }> {
  const match = matchPage(routes, url.split('?')[0] ?? '');
  if (!match) throw new Error(`no account page at ${url}`);
  const request: PageRequest = {
    url,
    ...match,
    locale: 'ua',
    origin: 'http://site',
    settlementId: 1,
    answers,
    preview,
    signedIn,
    stored: { cityId: 1 },
  };
  const described = await describePage(request);
  if (!described) throw new Error(`no page at ${url}`);
  return described;
}

/** The page as described, with the reads it asked for answered. */
async function described(...args: Parameters<typeof page>): Promise<DescribedPage> {
  const answer = await page(...args);
  if (answer.kind !== 'page') throw new Error(`${args[0]} asks for reads: ${JSON.stringify(answer.calls)}`);
  return answer;
}

describe("the account's frames", () => {
  it('draws the orders page before its list: heading, period, search with the address query, skeleton', async () => {
    const orders = await described('/account/orders?query=%D0%A4%D0%B5%D1%80');
    expect(orders.frame).toBe(true);
    expect(orders.heading).toBe('Мої замовлення');
    expect(orders.html).toContain('<h1 id="orders-title">Мої замовлення</h1>');
    expect(orders.html).toContain('За номером замовлення, аналізом або пацієнтом');
    expect(orders.html).toContain('value="Фер"');
    expect(orders.html).toContain('data-skeleton');
  });

  it("draws the home page's ways in for the role the session's profiles imply, the person as skeletons", async () => {
    const patient = await described('/account', [session({ patient: true, doctor: false })]);
    expect(patient.frame).toBe(true);
    expect(patient.html).toContain('Замовлення, оплата, чеки та результати аналізів');
    expect(patient.html).not.toContain('Ваші направлення, пацієнти та їхні результати');
    expect(patient.html).toContain('data-skeleton');
    const doctor = await described('/account', [session({ patient: false, doctor: true })]);
    expect(doctor.html).toContain('Ваші направлення, пацієнти та їхні результати');
    expect(doctor.html).not.toContain('Замовлення, оплата, чеки та результати аналізів');
    // both profiles: the server does not see the stored choice, so neither role's ways in, but skeletons
    const both = await described('/account', [session({ patient: true, doctor: true })]);
    expect(both.html).not.toMatch(/Замовлення, оплата|Ваші направлення/);
    expect(both.html).toContain('Особистий кабінет');
  });

  it("draws another page's heading over lines of skeleton, and never renders a page's data", async () => {
    const results = await described('/account/results/42');
    expect(results.frame).toBe(true);
    expect(results.html).toContain('<h1>Результати замовлення</h1>');
    expect(results.html).not.toContain('42');
  });

  it('draws nothing for a guest, who is asked to sign in: the first view keeps the heading alone', async () => {
    const guest = await described('/account/orders', [{ key: apiKeys.session(), data: { canLogin: true } }]);
    expect(guest.html).toBeNull();
    expect(guest.frame).toBeUndefined();
    expect(guest.heading).toBe('Мої замовлення');
  });

  it("names each page's heading and its title, and a missing page none, though it has the account's frame", async () => {
    expect((await described('/account/personal-information')).meta).toEqual({ title: 'Особисті дані' });
    const missing = await described('/account/no-such-page');
    expect(missing.heading).toBeNull();
    expect(missing.frame).toBe(true);
    expect(missing.notFound).toBe(false);
  });

  it('gives no frame of an address that is no account page', async () => {
    expect(matchPage(routes, '/elsewhere')).toBeNull();
    const unknown = await describePage({
      url: '/elsewhere',
      routes: ['mf_account/elsewhere'],
      params: {},
      locale: 'ua',
      origin: 'http://site',
      settlementId: 1,
      answers: [],
      preview: false,
      stored: {},
    });
    expect(unknown).toBeNull();
  });
});

describe("an order's results, drawn for the signed-in patient from their order", () => {
  const patient = session({ patient: true, doctor: false });
  const registry = (data: typeof REGISTRY): PrimedAnswer => ({ key: apiKeys.registry(data.id, 'ua'), data });
  const results = (data: typeof REGISTRY) => described('/account/results/101', [patient, registry(data)], false, true);

  it('asks for the order (with the visitor’s cookies) before it is drawn, and leaves the browser nothing to ask', async () => {
    const asked = await page('/account/results/101', [patient], false, true);
    expect(asked).toEqual({
      kind: 'calls',
      calls: [expect.objectContaining({ endpoint: 'registry', params: { id: 101 }, access: 'personal' })],
    });
    const drawn = await results(REGISTRY);
    expect(drawn).toMatchObject({ visitors: true, heading: 'Результати замовлення' });
    expect(drawn.frame).toBeUndefined();
    expect(drawn.personal).toBeUndefined();
  });

  it('leads back through the account and the orders: its crumbs name them before its own', async () => {
    const drawn = await results(REGISTRY);
    const own = drawn.crumbs.find((crumb) => crumb.pattern === '/account/results/:id');
    expect(own?.parents).toEqual([
      { link: '/account', label: 'Особистий кабінет' },
      { link: '/account/orders', label: 'Мої замовлення' },
    ]);
  });

  it('draws each state: awaiting, partial, ready and corrected', async () => {
    const awaiting = await results({ ...REGISTRY, resultsReady: false, awaiting: 4, results: [] });
    expect(awaiting.html).toContain('Часткові результати');
    expect(awaiting.html).toContain('Готові показники: 0 з 4. Ще очікується: 4');
    const partial = await results({ ...REGISTRY, resultsReady: false, awaiting: 2, results: ROWS.slice(0, 2) });
    expect(partial.html).toContain('Готові показники: 2 з 4. Ще очікується: 2');
    expect(partial.html).toContain('Гемоглобін');
    const ready = await results(REGISTRY);
    expect(ready.html).toContain('Усі результати готові');
    expect(ready.html).toContain('ПЛР Chlamydia trachomatis');
    expect(ready.html).not.toContain('Часткові результати');
    // a value the laboratory corrected is drawn as it stands now
    const [first, second, glucose, last] = ROWS as [ResultRow, ResultRow, ResultRow, ResultRow];
    const corrected = await results({ ...REGISTRY, results: [first, second, { ...glucose, result: '5.1' }, last] });
    expect(corrected.html).toContain('5.1');
    expect(corrected.html).not.toContain('4.8');
    for (const state of [awaiting, partial, ready, corrected]) expect(state.html).toContain('2600101');
  });

  it('keeps the frame for a visitor the server does not know as signed in, and waits for an order not read yet', async () => {
    const guest = await described('/account/results/101', [patient, registry(REGISTRY)]);
    expect(guest.frame).toBe(true);
    expect(guest.html).not.toContain('2600101');
    const unread = await page('/account/results/101', [patient], false, true);
    expect(unread.kind).toBe('calls');
  });
});
