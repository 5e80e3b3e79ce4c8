import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { comparable, fetchFirstView, normalized, withoutManagedHead } from '../support/firstViews';
import { APPS, repoRoot, Site } from '../support/site';
import { smsCode } from '../support/sms';

/**
 * The first view's HTML of every route, for a first visit, a returning guest and a signed-in patient,
 * against what the shell's server sent before its stages were rewritten (fixtures in
 * e2e/fixtures/first-views, made by this spec with UPDATE_FIRST_VIEWS=1 on main's code of 3800182
 * against a fresh seed). Equal but for what a build or a run names differently (ports, content hashes,
 * chunk ids, CSP hashes, an order's id: support/firstViews.ts), the whitespace between tags and a tag
 * written twice in the head (`comparable`), the head of the pages in PAGE_HEADS and the preload of the
 * code of those in PAGE_CODE. A page whose first view
 * changes on purpose updates its fixture the same way.
 */
const site = new Site({ basePort: 3150 });
const FIXTURES = join(repoRoot, 'e2e', 'fixtures', 'first-views');
const UPDATE = process.env.UPDATE_FIRST_VIEWS === '1';
/** A folder to write this run's first views to, for a look at what differs. */
const OUT = process.env.FIRST_VIEWS_OUT;

const DEMO_PATIENT = '+380501234567';

/**
 * The shell's pages whose head the old server did not know and the page wrote in the browser: their
 * route's handle now declares it once, and the first view carries it (the lists' titles, a news item's
 * NewsArticle data). The rest of their first view is the one before; their head is the page's own.
 */
const PAGE_HEADS: Record<string, { title: string; structuredData?: string }> = {
  contacts: { title: 'Контакти та відділення | Медична лабораторія' },
  news: { title: 'Новини та акції | Медична лабораторія' },
  documents: { title: 'Ліцензії та сертифікати | Медична лабораторія' },
  equipment: { title: 'Обладнання лабораторії | Медична лабораторія' },
  'news-item': {
    title: 'Листопад — місяць чоловічого здоров’я: −20\u00a0% на Check-up | Медична лабораторія',
    structuredData: '"@type":"NewsArticle"',
  },
  'ru-news-item': {
    title: 'Ноябрь — месяц мужского здоровья: −20\u00a0% на Check-up | Медицинская лаборатория',
    structuredData: '"@type":"NewsArticle"',
  },
};

/**
 * The shell's pages whose code was part of its start-up and is now a chunk of their own (loaded when the
 * page is first shown, as a remote page's is): their first view also preloads it (its build's pages.json).
 */
const PAGE_CODE: Record<string, string> = {
  contacts: 'page-contacts',
  documents: 'page-documents',
  document: 'page-documents',
  equipment: 'page-equipment',
  getapp: 'page-getapp',
};
/** The preload of a page's file (with its digest: the shell's build loads its files by theirs). */
const pagePreload = (chunk: string, as = '(?:script|style)', extension = '(?:js|css)') =>
  new RegExp(
    `<link rel="preload" as="${as}" href="/${chunk}\\.\\[hash\\]\\.${extension}"(?: integrity="[^"]+")?>`,
    'g',
  );
const withoutPageCode = (view: string, chunk: string) => view.replace(pagePreload(chunk), '');

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

test('the first view of every route is the one the server sent before, but for tags written twice and the heads the pages wrote', async () => {
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
  const differing: string[] = [];
  for (const { name, path, visitor } of cases) {
    const view = normalized(await fetchFirstView(`${site.url}${path}`, cookies[visitor]), replacements);
    const file = join(FIXTURES, `${name}.html`);
    if (OUT) {
      mkdirSync(OUT, { recursive: true });
      writeFileSync(join(OUT, `${name}.html`), `${view}\n`);
    }
    if (UPDATE) {
      writeFileSync(file, `${view}\n`);
      continue;
    }
    const before = readFileSync(file, 'utf8').replace(/\n$/, '');
    const head = PAGE_HEADS[name];
    const chunk = PAGE_CODE[name];
    const own = chunk ? withoutPageCode(view, chunk) : view;
    const [was, is] = [before, own].map((text) => (head ? withoutManagedHead(comparable(text)) : comparable(text)));
    if (was !== is) differing.push(`${name} (${path}):\n${firstDifference(was ?? '', is ?? '')}`);
    if (head && !view.includes(`<title data-head>${head.title}</title>`))
      differing.push(`${name}: not titled "${head.title}"`);
    if (head?.structuredData && !view.includes(head.structuredData))
      differing.push(`${name}: no ${head.structuredData}`);
    if (chunk && !pagePreload(chunk, 'script', 'js').test(view))
      differing.push(`${name}: its code (${chunk}) not preloaded`);
  }
  expect(differing).toEqual([]);
});

/** Where two texts part, with some context: what a failure shows. */
function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at += 1;
  const from = Math.max(0, at - 120);
  return `  before: …${before.slice(from, at + 200)}\n  after:  …${after.slice(from, at + 200)}`;
}
