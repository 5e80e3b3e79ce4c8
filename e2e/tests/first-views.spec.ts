import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { fetchFirstView, summarizeFirstView } from '../support/firstViews';
import { APPS, repoRoot, Site } from '../support/site';
import { smsCode } from '../support/sms';

/**
 * The first view of every route, for a first visit, a returning guest and a signed-in patient, read as a
 * crawler and a first paint read it (support/firstViews.ts: status and headers, the head, structured
 * data, headings, text, links, controls and their labels, the files the page loads), against one JSON
 * file a page in e2e/fixtures/first-views. Styles are not part of it: a style edit changes no fixture.
 * A page whose first view changes on purpose rewrites its fixture with UPDATE_FIRST_VIEWS=1 (and the
 * diff says what changed); FIRST_VIEWS_OUT=<folder> also writes this run's raw HTML there for a look.
 */
const site = new Site({ basePort: 3150 });
const FIXTURES = join(repoRoot, 'e2e', 'fixtures', 'first-views');
const UPDATE = process.env.UPDATE_FIRST_VIEWS === '1';
const OUT = process.env.FIRST_VIEWS_OUT;

const DEMO_PATIENT = '+380501234567';

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

type Visitor = 'guest' | 'returning' | 'patient';
type Case = { name: string; path: string; visitor: Visitor };

async function json<T>(path: string, body?: object, cookie?: string): Promise<T> {
  const response = await fetch(`${API_ORIGIN}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The demo patient's session cookie, signed in through the development SMS outbox. */
async function patientCookie(): Promise<string> {
  const asked = new Date(Date.now() - 1000);
  await json('/api/public/auth', { phone: DEMO_PATIENT });
  const code = await smsCode(DEMO_PATIENT, asked);
  const response = await fetch(`${API_ORIGIN}/api/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: DEMO_PATIENT, password: code }),
  });
  if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

test('the first view of every route says to a crawler and a first paint what its fixture says', async ({ page }) => {
  test.setTimeout(180_000);
  const tree = await json<{ services: { slug: string }[] }>(
    '/api/public/service/services/groups/enabled/tree/separated',
  );
  const found = await json<{ groups: { items: { content: { service: { slug: string } }[] } }[] }>(
    '/api/public/search/search',
    { settlementId: 1, query: 'феритин', types: ['services'], page: 0 },
  );
  const news = await json<{ content: { slug: string }[] }>('/api/public/content/news?page=0&size=1');
  const documents = await json<{ content: { slug: string }[] }>('/api/public/content/documents?page=0&size=1');
  const category = tree.services[0]?.slug ?? '';
  const analysis = found.groups[0]?.items.content[0]?.service.slug ?? '';
  const newsItem = news.content[0]?.slug ?? '';
  const document = documents.content[0]?.slug ?? '';
  const cookie = await patientCookie();
  // a seeded order (three weeks old at least): the journeys before this one add newer orders of their own
  const weeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
  const orders = await json<{ content: { id: string; registryId: number }[] }>(
    `/api/private/admin-app/registries/self?customer-type=patient&on-site=true&date-to=${weeksAgo}`,
    undefined,
    cookie,
  );
  const order = orders.content[0];
  if (!order) throw new Error('the demo patient has no order');

  const pages: [string, string][] = [
    ['home', '/'],
    ['contacts', '/contacts'],
    ['news', '/news'],
    ['news-item', `/news/${newsItem}`],
    ['news-missing', '/news/no-such-news-item'],
    ['documents', '/documents'],
    ['document', `/documents/${document}`],
    ['equipment', '/equipment'],
    ['about', '/about'],
    ['getapp', '/getapp'],
    ['content-page', '/privacy-policy'],
    ['not-found', '/404'],
    ['unknown', '/no-such-page'],
    ['catalogue', '/analyzes'],
    ['category', `/analyzes/${category}`],
    ['category-missing', '/analyzes/no-such-category'],
    ['analysis', `/analysis/${analysis}`],
    ['analysis-missing', '/analysis/no-such-analysis'],
    ['search', `/search?query=${encodeURIComponent('феритин')}`],
    ['search-empty', '/search'],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
    ['account', '/account'],
    ['account-orders', '/account/orders'],
  ];
  const cases: Case[] = [
    ...pages.map(([name, path]) => ({ name, path, visitor: 'guest' as const })),
    ...[
      ['home', '/ru'],
      ['analysis', `/ru/analysis/${analysis}`],
      ['category', `/ru/analyzes/${category}`],
      ['news-item', `/ru/news/${newsItem}`],
      ['account', '/ru/account'],
    ].map(([name, path]) => ({ name: `ru-${name}`, path: path ?? '', visitor: 'guest' as const })),
    ...[
      ['home', '/'],
      ['category', `/analyzes/${category}`],
      ['analysis', `/analysis/${analysis}`],
      ['cart', '/cart'],
    ].map(([name, path]) => ({ name: `returning-${name}`, path: path ?? '', visitor: 'returning' as const })),
    ...[
      ['home', '/'],
      ['analysis', `/analysis/${analysis}`],
      ['account', '/account'],
      ['account-personal', '/account/personal-information'],
      ['account-orders', '/account/orders'],
      ['account-patients', '/account/patients'],
      ['account-patient-results', '/account/patients/1/results'],
      ['account-patient-result', '/account/patients/1/results/2'],
      ['account-order-results', `/account/results/${order.registryId}`],
      ['account-missing', '/account/no-such-page'],
      ['checkout', '/checkout'],
      ['payment-result', `/checkout/result?orderId=${order.id}`],
    ].map(([name, path]) => ({ name: `patient-${name}`, path: path ?? '', visitor: 'patient' as const })),
  ];

  const replacements: [string, string][] = [
    ...APPS.map(({ name }) => [site.origin(name), `{${name}}`] as [string, string]),
    [order.id, '{orderId}'],
    [`/account/results/${order.registryId}`, '/account/results/{registryId}'],
  ];
  const cookies: Record<Visitor, string | null> = { guest: null, returning: 'returning=1', patient: cookie };
  mkdirSync(FIXTURES, { recursive: true });
  for (const { name, path, visitor } of cases) {
    const view = await fetchFirstView(`${site.url}${path}`, cookies[visitor]);
    const summary = await summarizeFirstView(page, view, replacements);
    const file = join(FIXTURES, `${name}.json`);
    if (OUT) {
      mkdirSync(OUT, { recursive: true });
      writeFileSync(join(OUT, `${name}.html`), view.html);
    }
    if (UPDATE) writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    else expect.soft(summary, `${name} (${path})`).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  }
});
