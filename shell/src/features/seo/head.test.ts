import { applyHead, buildHead, renderHeadHtml, type SiteFacts } from './head';

const site: SiteFacts = {
  publicUrl: 'https://lab.example.ua',
  siteName: 'Медична лабораторія',
  defaultTitle: 'Медична лабораторія — аналізи онлайн',
  defaultDescription: 'Аналізи онлайн',
  ogImage: '/og-image.png',
  telephone: '0 800 102021',
};

const find = (tags: ReturnType<typeof buildHead>, key: string) =>
  tags.meta.find((tag) => tag.name === key || tag.property === key)?.content;

describe('page head (docs/product.md#page-metadata)', () => {
  it('uses the default site label and description when the page sets none', () => {
    const tags = buildHead({ meta: {}, path: '/', locale: 'ua', crumbs: [], site });
    expect(tags.title).toBe('Медична лабораторія — аналізи онлайн');
    expect(find(tags, 'description')).toBe('Аналізи онлайн');
    expect(tags.links.find((link) => link.rel === 'canonical')?.href).toBe('https://lab.example.ua');
    expect(tags.htmlLang).toBe('uk');
    expect(tags.baseHref).toBe('/');
  });

  it('sets title, description, keywords and open-graph tags with the fixed site name and image', () => {
    const tags = buildHead({
      meta: { title: 'Феритин', description: 'Запас заліза', keyWords: 'феритин, залізо' },
      path: '/analysis/ferritin',
      locale: 'ru',
      crumbs: [],
      site,
    });
    expect(tags.title).toBe('Феритин | Медична лабораторія');
    expect(find(tags, 'keywords')).toBe('феритин, залізо');
    expect(find(tags, 'og:site_name')).toBe('Медична лабораторія');
    expect(find(tags, 'og:title')).toBe('Феритин');
    expect(find(tags, 'og:image')).toBe('https://lab.example.ua/og-image.png');
    expect(find(tags, 'og:url')).toBe('https://lab.example.ua/ru/analysis/ferritin');
    expect(tags.links).toEqual(
      expect.arrayContaining([
        { rel: 'canonical', href: 'https://lab.example.ua/ru/analysis/ferritin' },
        { rel: 'alternate', hreflang: 'uk', href: 'https://lab.example.ua/analysis/ferritin' },
        { rel: 'alternate', hreflang: 'ru', href: 'https://lab.example.ua/ru/analysis/ferritin' },
      ]),
    );
  });

  it('adds Organization and WebSite with a SearchAction when flagged, BreadcrumbList with crumbs', () => {
    const tags = buildHead({
      meta: { organization: true },
      path: '/account/orders',
      locale: 'ua',
      crumbs: [
        { label: 'Головна', link: '/' },
        { label: 'Мої замовлення', link: '/account/orders' },
      ],
      site,
    });
    const types = tags.jsonLd.map((data) => data['@type']);
    expect(types).toEqual(['MedicalOrganization', 'WebSite', 'BreadcrumbList']);
    expect(JSON.stringify(tags.jsonLd[1])).toContain('https://lab.example.ua/search?query={search_term_string}');
    expect(tags.jsonLd[2]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Головна', item: 'https://lab.example.ua' },
        { position: 2, name: 'Мої замовлення', item: 'https://lab.example.ua/account/orders' },
      ],
    });
  });

  it('renders safe HTML: attribute values escaped, JSON-LD cannot close its script', () => {
    const html = renderHeadHtml(
      buildHead({
        meta: { title: 'A "quoted" <b>', structuredData: [{ name: '</script><script>alert(1)</script>' }] },
        path: '/',
        locale: 'ua',
        crumbs: [],
        site,
      }),
    );
    expect(html).toContain('<title data-head>A &quot;quoted&quot; &lt;b&gt; | Медична лабораторія</title>');
    expect(html).not.toContain('</script><script>');
  });

  it('replaces the previous page head in the document', () => {
    applyHead(buildHead({ meta: { title: 'Перша' }, path: '/', locale: 'ua', crumbs: [], site }), document);
    applyHead(buildHead({ meta: { title: 'Друга' }, path: '/', locale: 'ru', crumbs: [], site }), document);
    expect(document.title).toBe('Друга | Медична лабораторія');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.documentElement.lang).toBe('ru');
  });
});
