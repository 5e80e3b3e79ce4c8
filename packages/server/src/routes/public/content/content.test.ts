import type {
  Article,
  DocumentsListResponse,
  Equipment,
  LabDocumentDetail,
  Menu,
  NewsArticle,
  NewsListResponse,
} from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp();

describe('GET menus (content/menus/infos/enabled)', () => {
  it('answers header then footer, without untitled items (and their children), three levels deep', async () => {
    const menus = await ok<Menu[]>(t.app, 'menus', { query: { types: 'header,footer' } });
    expect(menus.map((m) => m.type)).toEqual(['header', 'footer']);
    expect(menus[0]?.items).toEqual([
      {
        title: 'Аналізи',
        href: '/analyzes',
        children: [{ title: 'Гематологія', href: '/analyzes/hematology', children: [] }],
      },
      { title: 'Новини', href: '/news', children: [] },
      {
        title: 'Про нас',
        href: null,
        children: [
          {
            title: 'Ліцензії',
            href: '/licenses',
            children: [{ title: 'Третій рівень', href: '/third', children: [] }],
          },
        ],
      },
    ]);
  });

  it('answers only the types asked for, all of them without types', async () => {
    const footer = await ok<Menu[]>(t.app, 'menus', { query: { types: 'footer' } });
    expect(footer.map((m) => m.type)).toEqual(['footer']);
    const all = await ok<Menu[]>(t.app, 'menus');
    expect(all.map((m) => m.type)).toEqual(['header', 'footer']);
  });

  it('answers titles in Russian', async () => {
    const [footer] = await ok<Menu[]>(t.app, 'menus', { query: { types: 'footer' }, language: 'ru' });
    expect(footer?.items[0]?.title).toBe('Пациентам');
    expect(footer?.items[0]?.children?.[0]?.title).toBe('Подготовка');
  });

  it.each(['sidebar', 'header,,footer', 'header;footer'])('rejects types=%s with 400', async (types) => {
    const res = await call(t.app, 'menus', { query: { types } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation-error', field: 'types' });
  });
});

describe('GET article by type (content/articles/type/{type}/first/enabled)', () => {
  it('answers the first article of the type with its SEO fields', async () => {
    const article = await ok<Article>(t.app, 'articleByType', { params: { type: 'about' } });
    expect(article).toMatchObject({ type: 'about', slug: 'about', title: 'Про лабораторію', content: '<p>Ми</p>' });
    expect(article.seo).toEqual({ title: 'Про лабораторію', description: 'Ми', keyWords: null });
    expect(Number.isNaN(Date.parse(article.updatedAt))).toBe(false);
  });

  it('answers in Russian', async () => {
    const article = await ok<Article>(t.app, 'articleByType', { params: { type: 'getapp' }, language: 'ru' });
    expect(article.title).toBe('Приложение');
  });

  it('answers 404 for a type without articles, 400 for a malformed type', async () => {
    const missing = await call(t.app, 'articleByType', { params: { type: 'careers' }, language: 'ru' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'not-found', message: 'Страница не найдена' });
    const bad = await call(t.app, 'articleByType', { params: { type: 'About_Us' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'type', message: 'Невірний формат' });
  });
});

describe('GET news (content/news)', () => {
  const list = (query: Record<string, string | number | boolean>, language?: string) =>
    ok<NewsListResponse>(t.app, 'newsList', { query, ...(language ? { language } : {}) });

  it('pages from 0, newest first (the query of docs/product.md#calls)', async () => {
    const query = { enabled: true, sort: 'published-at', 'sort-direction': 'desc', size: 10 };
    const first = await list({ ...query, page: 0 });
    expect(first).toMatchObject({ page: 0, totalPages: 3, totalElements: 25 });
    expect(first.content.map((n) => n.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `news-${i + 1}`));
    expect(first.content[0]).toEqual({
      id: expect.any(Number),
      slug: 'news-1',
      type: 'news',
      title: 'Новина 1',
      summary: 'Коротко про новину 1',
      image: '/images/news-1.webp',
      publishedAt: '2026-10-25T09:00:00.000Z',
    });
    const last = await list({ ...query, page: 2 });
    expect(last.content.map((n) => n.slug)).toEqual(['news-21', 'news-22', 'news-23', 'news-24', 'news-25']);
    const beyond = await list({ ...query, page: 3 });
    expect(beyond).toMatchObject({ content: [], page: 3, totalPages: 3, totalElements: 25 });
  });

  it('uses size 20 by default and can sort oldest first', async () => {
    const page = await list({ 'sort-direction': 'asc' });
    expect(page.content).toHaveLength(20);
    expect(page.totalPages).toBe(2);
    expect(page.content[0]?.slug).toBe('news-25');
  });

  it('answers similar news: size 10, filtered by types, excluding ids', async () => {
    const all = await list({ size: 100 });
    const promotions = all.content.filter((n) => n.type === 'promotion');
    expect(promotions).toHaveLength(8);
    const excluded = promotions.slice(0, 2).map((n) => n.id);
    const similar = await list({ page: 0, size: 10, types: 'promotion', excludeIds: excluded.join(',') });
    expect(similar.totalElements).toBe(6);
    expect(similar.content.every((n) => n.type === 'promotion' && !excluded.includes(n.id))).toBe(true);
  });

  it('answers in Russian', async () => {
    const page = await list({ size: 1 }, 'ru');
    expect(page.content[0]?.title).toBe('Новость 1');
  });

  it.each([
    [{ page: -1 }, 'page'],
    [{ size: 101 }, 'size'],
    [{ size: 0 }, 'size'],
    [{ enabled: false }, 'enabled'],
    [{ 'sort-direction': 'up' }, 'sort-direction'],
    [{ types: 'article' }, 'types'],
    [{ excludeIds: '1,x' }, 'excludeIds'],
  ])('rejects %j with 400 naming %s', async (query, field) => {
    const res = await call(t.app, 'newsList', { query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation-error', field });
  });

  it('answers one news item by slug with content and SEO', async () => {
    const item = await ok<NewsArticle>(t.app, 'newsBySlug', { params: { slug: 'news-3' } });
    expect(item).toMatchObject({ slug: 'news-3', type: 'promotion', content: '<p>Текст новини 3</p>' });
    expect(item.seo.title).toBe('Новина 3');
  });

  it('a promotion carries its code’s terms, the one datum its days and scope come from', async () => {
    const item = await ok<NewsArticle>(t.app, 'newsBySlug', { params: { slug: 'news-3' } });
    expect(item.promo).toEqual({
      code: 'CHECKUP20',
      value: 0.2,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      withSales: true,
      groups: [{ slug: 'checkups', title: 'Чекапи' }],
    });
    const ru = await ok<NewsArticle>(t.app, 'newsBySlug', { params: { slug: 'news-3' }, language: 'ru' });
    expect(ru.promo?.groups).toEqual([{ slug: 'checkups', title: 'Чекапы' }]);
    expect((await ok<NewsArticle>(t.app, 'newsBySlug', { params: { slug: 'news-1' } })).promo).toBeNull();
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    const missing = await call(t.app, 'newsBySlug', { params: { slug: 'no-such-news' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'not-found', message: 'Новину не знайдено' });
    const bad = await call(t.app, 'newsBySlug', { params: { slug: 'Bad Slug' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'slug' });
  });
});

describe('GET equipment (content/equipments/enabled)', () => {
  it('lists the equipment in order, localized', async () => {
    const list = await ok<Equipment[]>(t.app, 'equipment');
    expect(list.map((e) => e.title)).toEqual(['Гематологічний аналізатор', 'Біохімічний аналізатор']);
    expect(list[1]).toMatchObject({ manufacturer: 'Roche', image: '/images/cobas.webp' });
    const ru = await ok<Equipment[]>(t.app, 'equipment', { language: 'ru' });
    expect(ru[0]?.title).toBe('Гематологический анализатор');
  });
});

describe('GET documents (content/documents)', () => {
  it('pages 8 at a time by default, newest first', async () => {
    const first = await ok<DocumentsListResponse>(t.app, 'documentsList', { query: { page: 0, enabled: true } });
    expect(first).toMatchObject({ page: 0, totalPages: 2, totalElements: 10 });
    expect(first.content).toHaveLength(8);
    expect(first.content[0]).toMatchObject({ slug: 'document-1', type: 'licence', dateOfReceiving: '2026-01-10' });
    expect(first.content[1]?.dateOfReceiving).toBe('2025-12-10');
    const second = await ok<DocumentsListResponse>(t.app, 'documentsList', { query: { page: 1 } });
    expect(second.content.map((d) => d.slug)).toEqual(['document-9', 'document-10']);
  });

  it('answers similar documents by types, excluding ids', async () => {
    const all = await ok<DocumentsListResponse>(t.app, 'documentsList', { query: { size: 100 } });
    const first = all.content[0];
    const similar = await ok<DocumentsListResponse>(t.app, 'documentsList', {
      query: { types: 'licence', excludeIds: String(first?.id) },
    });
    expect(similar.totalElements).toBe(4);
    expect(similar.content.every((d) => d.type === 'licence' && d.id !== first?.id)).toBe(true);
  });

  it('answers a document by slug, localized, and 404 for an unknown one', async () => {
    const document = await ok<LabDocumentDetail>(t.app, 'documentBySlug', {
      params: { slug: 'document-2' },
      language: 'ru',
    });
    expect(document).toMatchObject({
      slug: 'document-2',
      type: 'certificate',
      title: 'Документ 2 (рус)',
      content: '<p>Содержание документа 2</p>',
      fileUrl: null,
    });
    const missing = await call(t.app, 'documentBySlug', { params: { slug: 'document-99' }, language: 'ru' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'not-found', message: 'Документ не найден' });
  });

  it('rejects a bad size and an unknown type with 400', async () => {
    expect((await call(t.app, 'documentsList', { query: { size: 'eight' } })).body).toMatchObject({ field: 'size' });
    expect((await call(t.app, 'documentsList', { query: { types: 'diploma' } })).body).toMatchObject({
      field: 'types',
    });
  });
});
