/** @jest-environment node */
import { createHash } from 'node:crypto';
import catalogRu from '../../mf-catalog/src/i18n/ru.json';
import shellRu from '../src/app/locales/ru.json';
import shellUa from '../src/app/locales/ua.json';
import { shellRoutes } from '../src/app/pages';
import { contentSecurityPolicy } from './csp';
import { FIRST_VIEW_ATTRIBUTE, firstView, firstViewCss, firstViewStyleHash, renderFirstView } from './firstView';
import { renderHead } from './head';

/** A page the server knows nothing of (no heading, nothing drawn): the shell's, or a remote's (`kept`). */
const NONE: { heading: string | null; kept: boolean; notFound: boolean } = {
  heading: null,
  kept: false,
  notFound: false,
};

/** The first view of `path`: `page` as the describe stage found it. */
const view = (
  path: string,
  locale: 'ua' | 'ru',
  page: Partial<typeof NONE> = {},
  crumbs: { label: string; link: string }[] = [],
  drawn?: { html: string; frame: boolean },
) => firstView({ path, locale, ...NONE, ...page, crumbs, drawn });

/** The remotes' hints as the head writes them. */
const remoteHints = (remotesMap: Record<string, string>) =>
  renderHead({
    meta: {},
    path: '/',
    locale: 'ua',
    origin: 'http://site',
    crumbs: [],
    startup: { scripts: [], preloads: [] },
    drawn: false,
    remoteHints: remotesMap,
    deployment: null,
    pageFiles: { scripts: [], styles: [] },
    early: [],
    preview: null,
  }).head;

const actions = { search: 'Пошук аналізів', cart: 'Кошик', cartHref: '/cart' };

describe('the first view in the HTML', () => {
  it('shows the header and the home page heading with its lead, marked for the app to replace', () => {
    const html = renderFirstView({
      siteName: 'Лабораторія',
      heading: 'Аналізи онлайн',
      lead: 'Оберіть',
      home: true,
      homeHref: '/',
      actions,
    });
    expect(html).toContain(FIRST_VIEW_ATTRIBUTE);
    expect(html).toContain('<h1 class="fv-title">Аналізи онлайн</h1>');
    expect(html).toContain('<p class="fv-lead">Оберіть</p>');
    expect(html).toContain('href="/"');
  });

  it("has the header's search button, its tap kept for the app, and the cart as a plain link", () => {
    const html = firstView({
      path: '/analysis/x',
      locale: 'ru',
      heading: null,
      kept: true,
      notFound: false,
      crumbs: [],
    });
    expect(html).toContain(
      '<button type="button" class="fv-action" aria-label="Поиск анализов" aria-haspopup="dialog" data-tap="search">',
    );
    expect(html).toMatch(/<a class="fv-action" href="\/ru\/cart">.*<span class="fv-hidden">Корзина<\/span><\/a>/);
  });

  it('escapes a heading that comes from the API', () => {
    const html = renderFirstView({
      siteName: 'L',
      heading: '<script>alert(1)</script> & "x"',
      home: false,
      homeHref: '/ru',
      actions,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(html).toContain('href="/ru"');
  });

  it('has no heading where the server does not know it', () => {
    expect(renderFirstView({ siteName: 'L', heading: null, home: false, homeHref: '/', actions })).not.toContain('<h1');
  });

  it('allows its inline sheet by its hash and nothing else inline', () => {
    const hash = `'sha256-${createHash('sha256').update(firstViewCss).digest('base64')}'`;
    expect(firstViewStyleHash).toBe(hash);
    const csp = contentSecurityPolicy(['http://localhost:3001/mf-manifest.json'], [firstViewStyleHash]);
    expect(csp).toContain(`style-src 'self' http://localhost:3001 ${hash}`);
    expect(csp).not.toContain('unsafe-inline');
    // the tokens are in the sheet: the frame is drawn with the site's colours and type scale
    expect(firstViewCss).toContain('--color-primary');
  });

  it('in development allows the dev servers’ files and hot-update sockets, and still nothing inline', () => {
    const csp = contentSecurityPolicy(['http://localhost:3001/mf-manifest.json'], [], [], ['http://localhost:3100']);
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' http://localhost:3001 http://localhost:3100");
    expect(directive('connect-src')).toBe(
      "connect-src 'self' http://localhost:3001 http://localhost:3100 ws://localhost:3100",
    );
    expect(csp).not.toContain('unsafe');
    // production pages name no socket at all
    expect(contentSecurityPolicy(['http://localhost:3001/mf-manifest.json'])).not.toContain('ws:');
  });
});

describe('headings the server knows without the API', () => {
  // the heading each of the shell's pages renders itself (a remote's page names its own in its route)
  const headings: Record<string, Record<'ua' | 'ru', string>> = {
    '/contacts': { ua: shellUa.contacts.title, ru: shellRu.contacts.title },
    '/news': { ua: shellUa.news.title, ru: shellRu.news.title },
    '/documents': { ua: shellUa.documents.title, ru: shellRu.documents.title },
    '/equipment': { ua: shellUa.equipment.title, ru: shellRu.equipment.title },
  };

  it.each(Object.keys(headings))('%s: the crumb label is the heading the page renders, in both languages', (path) => {
    const route = shellRoutes.find((candidate) => `/${candidate.path}` === path);
    const labelKey = route?.handle.crumbs?.[0]?.labelKey.replace('crumbs.', '') ?? '';
    const crumbs = { ua: shellUa.crumbs, ru: shellRu.crumbs } as const;
    for (const locale of ['ua', 'ru'] as const) {
      const label = (crumbs[locale] as Record<string, string>)[labelKey];
      expect(label).toBe(headings[path]?.[locale]);
      const trail = [
        { label: 'home', link: '/' },
        { label: label ?? '', link: path },
      ];
      expect(view(path, locale, { heading: label }, trail)).toContain(`<h1 class="fv-title">${label}</h1>`);
    }
  });

  it("shows a remote page's heading as its route names it, kept by the app until the page draws it, none from a crumb, and none on a missing page", () => {
    const trail = (label: string, link: string) => [
      { label: shellUa.crumbs.home, link: '/' },
      { label, link },
    ];
    expect(view('/search', 'ua', { kept: true }, trail('Пошук', '/search'))).not.toContain('<h1');
    const category = { heading: 'Гематологія', kept: true };
    // the page's placeholder (pagePreview.ts), in the heading's one size (tokens.css h1)
    expect(view('/analyzes/x', 'ua', category, trail('Категорія', '/analyzes/x'))).toContain(
      '<div data-page-preview="heading"><h1 class="fv-page">Гематологія</h1></div>',
    );
    const orders = { heading: 'Мої замовлення', kept: true };
    expect(view('/account/orders', 'ua', orders, trail('Мої замовлення', '/account/orders'))).toContain(
      '<main class="fv-main"><nav class="fv-crumbs"',
    );
    expect(view('/account/orders', 'ua', orders, [])).toContain(
      '<main class="fv-main"><div data-page-preview="heading"><h1 class="fv-page">Мої замовлення</h1></div></main>',
    );
    expect(view('/analyzes/x', 'ua', { ...category, notFound: true }, [])).not.toContain('<h1');
  });

  it('shows the breadcrumbs as the app does: links localized, the current page last and not a link', () => {
    const trail = [
      { label: shellRu.crumbs.home, link: '/' },
      { label: catalogRu.crumbs.catalogue, link: '/analyzes' },
      { label: 'Гематология', link: '/analyzes/hematology' },
    ];
    const html = view('/analyzes/hematology', 'ru', { kept: true }, trail);
    expect(html).toContain(`<nav class="fv-crumbs" aria-label="${shellRu.crumbs.label}">`);
    expect(html).toContain(`<a href="/ru">${shellRu.crumbs.home}</a>`);
    expect(html).toContain(`<a href="/ru/analyzes">${catalogRu.crumbs.catalogue}</a>`);
    expect(html).toContain('<span aria-current="page">Гематология</span>');
    expect(view('/', 'ru', {}, [])).not.toContain('fv-crumbs');
  });

  it("draws the home page's heading as its hero, with its lead", () => {
    const html = view('/', 'ua', { heading: 'Аналізи онлайн у 78 відділеннях у 59 містах України' });
    expect(html).toContain(
      '<section class="fv-hero"><h1 class="fv-title">Аналізи онлайн у 78 відділеннях у 59 містах України</h1><p class="fv-lead">',
    );
  });

  it("puts a remote's preview of the page in place of the heading", () => {
    const html = view('/analyzes/hematology', 'ua', { kept: true }, [], {
      html: '<section><h1>Гематологія</h1></section>',
      frame: false,
    });
    expect(html).toContain(
      '<main class="fv-main"><div data-page-preview><section><h1>Гематологія</h1></section></div></main>',
    );
  });

  it("marks a page's frame as one: the app keeps it whatever the city", () => {
    const html = view('/account/orders', 'ua', { kept: true }, [], {
      html: '<section><h1>Мої замовлення</h1></section>',
      frame: true,
    });
    expect(html).toContain('<div data-page-preview="frame"><section><h1>Мої замовлення</h1></section></div>');
  });
});

describe('remote hints', () => {
  it('puts the remotes map inline as data and preloads each manifest', () => {
    const html = remoteHints({ mf_catalog: 'http://cdn.example/catalog/mf-manifest.json' });
    expect(html).toContain(
      '<script type="application/json" id="lab-remotes">{"mf_catalog":"http://cdn.example/catalog/mf-manifest.json"}</script>',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="http://cdn.example/catalog/mf-manifest.json" crossorigin>',
    );
    // an entry preload that failed would be handed to the retry's <script>: entries are not preloaded
    expect(html).not.toContain('remoteEntry.js');
    expect(html).toContain('<link rel="preconnect" href="http://cdn.example" crossorigin>');
  });

  it('keeps the on-demand sign-in remote in the map but preloads nothing of it', () => {
    const html = remoteHints({
      mf_catalog: 'http://cdn.example/catalog/mf-manifest.json',
      mf_auth: 'http://auth.example/mf-manifest.json',
    });
    expect(html).toContain('"mf_auth":"http://auth.example/mf-manifest.json"');
    expect(html).not.toContain('href="http://auth.example');
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="http://cdn.example/catalog/mf-manifest.json" crossorigin>',
    );
  });

  it('cannot be closed early by a map value', () => {
    const html = remoteHints({ evil: 'http://x.example/</script><script>alert(1)</script>/mf-manifest.json' });
    expect(html).not.toContain('</script><script>');
  });
});
