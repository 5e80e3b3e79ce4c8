/** @jest-environment node */
// The catalogue's pages as the shell's server describes and previews them (its server module, from the
// catalogue's route objects): the calls a page's first render makes, then a server render (no window, no
// document) from their answers, with the page's head, heading and crumbs.
import {
  apiKeys,
  CATEGORY_PAGE_SIZE,
  findGroup,
  groupListFilter,
  type Page,
  type PrimedAnswer,
  reads,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_TYPES,
  type ServiceCard,
  type ServiceInfo,
  type SettlementsListResponse,
} from '@lab/api';
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { installAdapter, ok } from '@lab/api/test/fake-adapter';
import type { Locale } from '@lab/i18n';
import { type DescribedPage, matchPage, type PageRequest } from '@lab/pages';
import { routes } from './routes';
import { describePage } from './server';
import { card, searchResponse, serviceInfo, tree } from './test/fixtures';

/** The first city of the list: a first visit's, whose prices the server's answers carry. */
const CITY = 4;
const settlements: SettlementsListResponse = {
  settlements: [{ id: CITY, title: 'Полтава', sourceId: 'poltava', lat: 49.59, lon: 34.55 }],
  branchCount: 3,
};

/** 25 analyses of the blood count (the third one discounted) and 2 of coagulation: hematology has 27. */
const hematology: ServiceCard[] = [
  ...Array.from({ length: 25 }, (_, index) =>
    card(index + 1, {
      groupIds: [11],
      ...(index === 2 ? { price: { price: { price: 1250 }, originalPrice: { price: 1500 } } } : {}),
    }),
  ),
  card(100, { groupIds: [12], title: 'Фібриноген' }),
  card(101, { groupIds: [12], title: 'Д-димер' }),
];

const analysis: ServiceInfo = serviceInfo({
  price: { price: { price: 480 }, originalPrice: { price: 560 } },
});

/** What the page's calls are answered with (tests below check the calls themselves), in `locale`. */
function answersFor(path: string, locale: Locale, query = ''): PrimedAnswer[] {
  const [, first = '', second = ''] = path.split('/');
  const answers: PrimedAnswer[] = [{ key: apiKeys.settlements(locale), data: settlements }];
  if (first === 'search' && query.trim()) {
    const { key } = reads.search(query.trim(), CITY, { types: SEARCH_PAGE_TYPES, size: SEARCH_PAGE_SIZE }, locale);
    answers.push({
      key,
      data: searchResponse(
        [card(1, { title: 'Гемоглобін' }), card(2, { title: 'Гематокрит' })],
        [card(3, { title: 'Check-up крові', packageService: true })],
        [],
        { services: 14 },
      ),
    });
  }
  if (first === 'analyzes') {
    answers.push({ key: apiKeys.serviceGroupTree(locale), data: tree });
    const group = second ? findGroup(tree, second) : null;
    if (group) {
      // the category's first page, as the shell's server asks for it
      const filter = groupListFilter(group.node, CITY);
      const all = hematology.filter((service) => service.groupIds.some((id) => filter.groupIds?.includes(id)));
      const firstPage: Page<ServiceCard> = {
        content: all.slice(0, CATEGORY_PAGE_SIZE),
        page: 0,
        totalPages: Math.ceil(all.length / CATEGORY_PAGE_SIZE),
        totalElements: all.length,
      };
      answers.push({
        key: apiKeys.serviceList(filter, CATEGORY_PAGE_SIZE, 0, locale),
        data: firstPage,
      });
    }
  }
  if (first === 'analysis' && second) {
    answers.push({ key: apiKeys.serviceBySlug(second, CITY, locale), data: analysis });
  }
  return answers;
}

/** The shell's server's request for `url` (without the locale), matched as it matches it, its calls all answered. */
function request(url: string, overrides: Partial<PageRequest> = {}): PageRequest {
  const locale = overrides.locale ?? 'ua';
  const [path = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search).get('query') ?? '';
  const match = matchPage(routes, path);
  if (!match) throw new Error(`${url} is no page of the catalogue`);
  return {
    url,
    ...match,
    locale,
    origin: '',
    settlementId: CITY,
    answers: answersFor(path, locale, query),
    preview: true,
    stored: { cityId: CITY },
    final: true,
    ...overrides,
  };
}

async function described(url: string, overrides: Partial<PageRequest> = {}): Promise<DescribedPage> {
  const result = await describePage(request(url, overrides));
  if (result?.kind !== 'page') throw new Error(`${url} is no page of the catalogue`);
  return result;
}

async function rendered(url: string, overrides: Partial<PageRequest> = {}) {
  const { html, meta } = await described(url, overrides);
  if (html === null) throw new Error(`no preview of ${url}`);
  return { html, meta };
}

async function preview(url: string, overrides: Partial<PageRequest> = {}): Promise<string> {
  return (await rendered(url, overrides)).html;
}

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** The text a reader sees, as toHaveTextContent compares it: tags out, spaces (the prices' too) as one. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The texts of the elements `tag` (h1, h2 ...), in order. */
function textsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, inner = '']) =>
    textOf(inner),
  );
}

/** The markup of the first element `tag` whose text contains `text` (a card, a hit). */
function elementWith(html: string, tag: string, text: string): string {
  const found = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, 'g'))].find(([markup]) =>
    textOf(markup).includes(text),
  );
  if (!found) throw new Error(`no <${tag}> with "${text}"`);
  return found[0];
}

const SKELETON = 'data-skeleton';

let requests: ApiRequest[] = [];
beforeEach(() => {
  requests = installAdapter(() => ok(null));
});
afterEach(async () => {
  // a server render asks nothing: the answers are all it has (a request would start after a tick)
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(requests.map((sent) => sent.url)).toEqual([]);
});

describe('a category page preview', () => {
  it('has the category heading and its first page of services with prices, no skeleton', async () => {
    expect(typeof window).toBe('undefined');
    const html = await preview('/analyzes/hematology');
    expect(textsOf(html, 'h1')).toEqual(['Гематологія']);
    expect(textsOf(html, 'h2')).toEqual(hematology.slice(0, CATEGORY_PAGE_SIZE).map((service) => service.title));
    expect(html).not.toContain(SKELETON);
    expect(html).not.toContain('aria-busy');
    const third = textOf(elementWith(html, 'article', 'Аналіз 3'));
    expect(third).toContain('1 250 грн');
    expect(third).toContain('1 500 грн');
    expect(third).toContain('Код1003');
    expect(textOf(elementWith(html, 'article', 'Аналіз 20'))).toContain('2 000 грн');
    expect(html).toMatch(/href="\/analysis\/service-1"/);
    const text = textOf(html);
    expect(text).toContain('Показано 20 з 27');
    expect(text).toContain('Показати ще');
    expect(text).not.toContain('Аналіз 21');
  });

  it('is the loading state, not another city’s prices, for a visitor of another city', async () => {
    const html = await preview('/analyzes/hematology', { stored: { cityId: CITY + 1 } });
    expect(textsOf(html, 'h1')).toEqual(['Гематологія']);
    expect(html).toContain(SKELETON);
    expect(textOf(html)).toContain('Завантажуємо аналізи…');
    expect(textOf(html)).not.toContain('Аналіз 1');
  });

  it('a catalogue page preview has the trees', async () => {
    const html = await preview('/analyzes');
    expect(html).not.toContain(SKELETON);
    expect(html).toMatch(/<a [^>]*href="\/analyzes\/hematology"[^>]*>Гематологія<\/a>/);
  });
});

describe("a preview's page metadata (the first view's head says what the page will)", () => {
  it('is the catalogue page’s own title and description', async () => {
    expect((await rendered('/analyzes')).meta).toEqual({
      title: 'Каталог аналізів',
      description: expect.stringMatching(/\S/),
    });
  });

  it('is the category’s title and description', async () => {
    expect((await rendered('/analyzes/hematology')).meta).toMatchObject({
      title: 'Гематологія',
      description: 'Гематологія: аналізи з цінами, термінами виконання та підготовкою.',
    });
  });

  it('is the analysis’s title, description and structured data with its price a number, at the site’s origin', async () => {
    const { meta } = await rendered(`/analysis/${analysis.slug}`, { origin: 'https://lab.example' });
    expect(meta?.title).toBe('Загальний аналіз крові');
    expect(meta?.og?.url).toBe(`https://lab.example/analysis/${analysis.slug}`);
    const [data] = meta?.structuredData ?? [];
    expect(data).toMatchObject({
      sku: '1002',
      url: `https://lab.example/analysis/${analysis.slug}`,
      offers: { price: 480, priceCurrency: 'UAH' },
    });
  });
});

describe('an analysis page preview', () => {
  it('has the service’s title, code and price', async () => {
    const html = await preview(`/analysis/${analysis.slug}`);
    expect(textsOf(html, 'h1')).toEqual(['Загальний аналіз крові']);
    expect(html).not.toContain(SKELETON);
    const text = textOf(html);
    expect(text).toContain('Код1002');
    expect(text).toContain('480 грн');
    expect(text).toContain('560 грн');
    expect(text).toContain('Клітинний склад крові.');
    expect(text).toContain('Феритин');
  });

  it('leaves the HTML preparation to the browser: no DOM to sanitize it with on the server', async () => {
    const html = await preview(`/analysis/${analysis.slug}`);
    expect(textOf(html)).toContain('Підготовка');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Натщесерце');
  });

  it('shows a plain-text preparation', async () => {
    const plain = serviceInfo({ preparation: 'Натщесерце, зранку.' });
    const html = await preview(`/analysis/${plain.slug}`, {
      answers: [{ key: apiKeys.serviceBySlug(plain.slug, CITY, 'ua'), data: plain }],
    });
    expect(textOf(html)).toContain('Натщесерце, зранку.');
  });
});

describe('a search page preview', () => {
  it('has the results of the address’s query, by group, with prices', async () => {
    const html = await preview(`/search?query=${encodeURIComponent('кров')}`);
    expect(html).not.toContain(SKELETON);
    expect(html).toMatch(/<input [^>]*type="search"[^>]*value="кров"/);
    const text = textOf(html);
    expect(text).toContain('За запитом «кров» знайдено: 3');
    const services = elementWith(html, 'section', 'Гемоглобін');
    expect(textOf(services)).toContain('Гематокрит');
    expect(textOf(services)).toContain('100 грн');
    expect(textOf(elementWith(html, 'li', 'Check-up крові'))).toContain('300 грн');
  });
});

describe('locale', () => {
  it('renders Russian texts for ru, and Ukrainian again for the next ua render', async () => {
    const ru = textOf(await preview('/analyzes/hematology', { locale: 'ru' }));
    expect(ru).toContain('Показано 20 из 27');
    expect(ru).toContain('Название или код');
    expect(ru).toContain('1 рабочий день');
    expect(ru).not.toContain('Показано 20 з 27');

    const ua = textOf(await preview('/analyzes/hematology', { locale: 'ua' }));
    expect(ua).toContain('Показано 20 з 27');
    expect(ua).toContain('Назва або код');
    expect(ua).not.toContain('Название');
    expect(ua).not.toContain('рабочий');
  });

  it('reads the answers of its own locale only', async () => {
    const html = await preview('/analyzes/hematology', {
      locale: 'ru',
      answers: answersFor('/analyzes/hematology', 'ua'),
    });
    expect(html).toContain(SKELETON);
    expect(textsOf(html, 'h1')).toEqual([]);
    expect(textOf(html)).not.toContain('Аналіз 1');
  });
});

describe('what a preview does not have', () => {
  it('is none for an address that is no page of the catalogue, and for a route it does not have', async () => {
    expect(matchPage(routes, '/contacts')).toBeNull();
    expect(matchPage(routes, '/analysis')).toBeNull();
    const page = request(`/analysis/${analysis.slug}`);
    expect(await describePage({ ...page, routes: ['mf_catalog/no-such-route'] })).toBeNull();
  });

  it('without answers, is the page’s loading state', async () => {
    const category = await preview('/analyzes/hematology', { answers: [] });
    expect(category).toContain(SKELETON);
    expect(category).toContain('aria-busy="true"');
    expect(textsOf(category, 'h1')).toEqual([]);
    const service = await preview(`/analysis/${analysis.slug}`, { answers: [] });
    expect(service).toContain(SKELETON);
    expect(textOf(service)).not.toContain('Загальний аналіз крові');
    const search = await preview('/search?query=krov', { answers: [] });
    expect(search).toContain(SKELETON);
    expect(textOf(search)).toContain('Шукаємо…');
  });

  it('keeps nothing of one render for the next: neither the answers nor the city', async () => {
    expect(textsOf(await preview('/analyzes/hematology'), 'h1')).toEqual(['Гематологія']);
    // the same page without answers: the first render's SWR cache is not this one's
    expect(await preview('/analyzes/hematology', { answers: [] })).toContain(SKELETON);

    const url = `/analysis/${analysis.slug}`;
    expect(await preview(url)).not.toContain(SKELETON);
    // the same answers, but no city stored: the previous render's city is gone, the price is unknown
    const cityless = await preview(url, { stored: {} });
    expect(cityless).toContain(SKELETON);
    expect(textOf(cityless)).not.toContain('480 грн');
    const list = await preview('/analyzes/hematology', { stored: {} });
    expect(textsOf(list, 'h1')).toEqual(['Гематологія']);
    expect(list).toContain(SKELETON);
    expect(textOf(list)).not.toContain('Аналіз 1');
  });
});

describe('what a page tells the shell’s server, from its route', () => {
  /** The shell's server's side: asks until the page is described, answering each call from the fixtures. */
  async function conversation(url: string, locale: Locale = 'ua') {
    const all = answersFor(url.split('?')[0] ?? '', locale, new URLSearchParams(url.split('?')[1]).get('query') ?? '');
    const rounds: string[][] = [];
    const answers: PageRequest['answers'][number][] = [];
    for (;;) {
      const result = await describePage(request(url, { locale, answers, final: false }));
      if (result?.kind !== 'calls') return { page: result, rounds };
      rounds.push(result.calls.map((call) => String(call.key[0])));
      for (const call of result.calls) {
        const answer = all.find((candidate) => JSON.stringify(candidate.key) === JSON.stringify(call.key));
        answers.push({ key: call.key, data: answer?.data ?? null });
      }
    }
  }

  it('a category asks for the tree, then for its first page of the list, then is described', async () => {
    const { page, rounds } = await conversation('/analyzes/hematology');
    expect(rounds).toEqual([['service-group-tree'], ['service-list']]);
    expect(matchPage(routes, '/analyzes/hematology')).toEqual({
      routes: ['mf_catalog/category'],
      params: { slug: 'hematology' },
    });
    expect(page).toMatchObject({ kind: 'page', notFound: false, heading: 'Гематологія' });
    expect(page?.kind === 'page' && textsOf(page.html ?? '', 'h2')).toHaveLength(CATEGORY_PAGE_SIZE);
  });

  it('an analysis asks for the service in the first city; a slug the API does not know is not found', async () => {
    expect((await conversation(`/analysis/${analysis.slug}`)).rounds).toEqual([['service']]);
    const missing = await described('/analysis/no-such-analysis', {
      answers: [{ key: apiKeys.serviceBySlug('no-such-analysis', CITY, 'ua'), data: null }],
    });
    expect(missing).toMatchObject({ notFound: true, html: null });
    const category = await conversation('/analyzes/no-such-group');
    expect(category.page).toMatchObject({ notFound: true, html: null });
  });

  it('the search asks for its results only with a query', async () => {
    expect((await conversation('/search')).rounds).toEqual([]);
    expect((await conversation('/search?query=кров')).rounds).toEqual([['search']]);
  });

  it('names every crumb of the catalogue, the page’s own with its real name, in the page’s locale', async () => {
    const page = await described(`/analysis/${analysis.slug}`, {
      locale: 'ru',
      answers: answersFor(`/analysis/${analysis.slug}`, 'ru'),
    });
    expect(page.crumbs).toEqual(
      expect.arrayContaining([
        { pattern: '/analyzes', label: 'Каталог анализов' },
        { pattern: '/analyzes/:slug', label: 'Категория', id: 'category' },
        { pattern: '/analysis/:slug', label: 'Загальний аналіз крові', id: 'service' },
        { pattern: '/search', label: 'Поиск' },
      ]),
    );
    expect(page.heading).toBe('Загальний аналіз крові');
  });

  it('renders nothing when the shell does not ask for a preview (a visitor with cookies), yet has the head', async () => {
    const page = await described(`/analysis/${analysis.slug}`, { preview: false });
    expect(page.html).toBeNull();
    expect(page.meta?.title).toBe('Загальний аналіз крові');
  });
});
