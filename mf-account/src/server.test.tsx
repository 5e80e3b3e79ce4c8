/** @jest-environment node */
// The account's pages as the shell's server describes them (its server module): headings, and for a
// signed-in visitor the page's frame, which holds nothing personal and no city.
import { apiKeys, type PrimedAnswer, type SessionInfo } from '@lab/api';
import { type DescribedPage, matchPage, type PageRequest } from '@lab/pages';
import { routes } from './routes';
import { describePage } from './server';

const session = (profiles: SessionInfo['profiles']): PrimedAnswer => ({
  key: apiKeys.session(),
  data: { canLogin: false, profiles },
});

async function page(url: string, answers: PrimedAnswer[] = [], preview = false): Promise<DescribedPage> {
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
    stored: { cityId: 1 },
  };
  const described = await describePage(request);
  if (described?.kind !== 'page') throw new Error(`no page at ${url}`);
  return described;
}

describe("the account's frames", () => {
  it('draws the orders page before its list: heading, period, search with the address query, skeleton', async () => {
    const orders = await page('/account/orders?query=%D0%A4%D0%B5%D1%80');
    expect(orders.frame).toBe(true);
    expect(orders.heading).toBe('Мої замовлення');
    expect(orders.html).toContain('<h1 id="orders-title">Мої замовлення</h1>');
    expect(orders.html).toContain('За номером замовлення, аналізом або пацієнтом');
    expect(orders.html).toContain('value="Фер"');
    expect(orders.html).toContain('data-skeleton');
  });

  it("draws the home page's ways in for the role the session's profiles imply, the person as skeletons", async () => {
    const patient = await page('/account', [session({ patient: true, doctor: false })]);
    expect(patient.frame).toBe(true);
    expect(patient.html).toContain('Замовлення, оплата, чеки та результати аналізів');
    expect(patient.html).not.toContain('Ваші направлення, пацієнти та їхні результати');
    expect(patient.html).toContain('data-skeleton');
    const doctor = await page('/account', [session({ patient: false, doctor: true })]);
    expect(doctor.html).toContain('Ваші направлення, пацієнти та їхні результати');
    expect(doctor.html).not.toContain('Замовлення, оплата, чеки та результати аналізів');
    // both profiles: the server does not see the stored choice, so neither role's ways in, but skeletons
    const both = await page('/account', [session({ patient: true, doctor: true })]);
    expect(both.html).not.toMatch(/Замовлення, оплата|Ваші направлення/);
    expect(both.html).toContain('Особистий кабінет');
  });

  it("draws another page's heading over lines of skeleton, and never renders a page's data", async () => {
    const results = await page('/account/results/42');
    expect(results.frame).toBe(true);
    expect(results.html).toContain('<h1>Результати замовлення</h1>');
    expect(results.html).not.toContain('42');
  });

  it('draws nothing for a guest, who is asked to sign in: the first view keeps the heading alone', async () => {
    const guest = await page('/account/orders', [{ key: apiKeys.session(), data: { canLogin: true } }]);
    expect(guest.html).toBeNull();
    expect(guest.frame).toBeUndefined();
    expect(guest.heading).toBe('Мої замовлення');
  });

  it("names each page's heading and its title, and a missing page none, though it has the account's frame", async () => {
    expect((await page('/account/personal-information')).meta).toEqual({ title: 'Особисті дані' });
    const missing = await page('/account/no-such-page');
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
