import { PAGE_FRAME, PAGE_HEADING_ONLY, PAGE_PREVIEW_ATTRIBUTE, PAGE_PREVIEW_STALE_ATTRIBUTE } from './element';
import { keepPagePreview, type PagePreview, peekPagePreview, takePagePreview } from './pagePreview';

/** What a kept preview shows, and whether it waits for the city. */
const shape = (kept: PagePreview | null) => kept && { html: kept.node.innerHTML, cityBound: kept.cityBound };

const previewHtml = '<section><h1>Гематологія</h1><p>420 ₴</p></section>';
const here = { pathname: '/analyzes/hematology', search: '?page=2' };

/** The server's first view, as shell/server/firstView.ts renders it. */
function firstView(preview: string | null) {
  document.body.innerHTML =
    preview === null
      ? '<main><h1>Аналізи</h1></main>'
      : `<main><div ${PAGE_PREVIEW_ATTRIBUTE} inert>${preview}</div></main>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(PAGE_PREVIEW_STALE_ATTRIBUTE);
  // forget whatever a test kept: a first view without a preview keeps nothing
  keepPagePreview(document, here);
  takePagePreview('/analyzes/hematology?page=2');
});

describe("the server's preview of the page", () => {
  it('is kept for the address it was rendered for (pathname and search) only', () => {
    firstView(previewHtml);
    keepPagePreview(document, here);
    expect(takePagePreview('/analyzes/hematology')).toBeNull();
    expect(takePagePreview('/analyzes/hematology?page=3')).toBeNull();
    expect(takePagePreview('/analyzes/other?page=2')).toBeNull();
    // asking for another address does not use it up
    expect(takePagePreview('/analyzes/hematology?page=2')?.node.innerHTML).toBe(previewHtml);
  });

  it('is given once: a later visit to the same address has none', () => {
    firstView(previewHtml);
    keepPagePreview(document, here);
    expect(takePagePreview('/analyzes/hematology?page=2')?.node.innerHTML).toBe(previewHtml);
    expect(takePagePreview('/analyzes/hematology?page=2')).toBeNull();
  });

  it('is the element itself, found before the view is replaced: no copy of its markup', () => {
    firstView(previewHtml);
    const element = document.querySelector(`[${PAGE_PREVIEW_ATTRIBUTE}]`);
    keepPagePreview(document, here);
    document.body.innerHTML = '<div id="root"></div>';
    expect(takePagePreview('/analyzes/hematology?page=2')?.node).toBe(element);
  });

  it("is left by a parent route's slot for the page's own", () => {
    firstView(previewHtml);
    keepPagePreview(document, here);
    expect(peekPagePreview('/analyzes/hematology?page=2')?.node.innerHTML).toBe(previewHtml);
    expect(takePagePreview('/analyzes/hematology?page=2')?.node.innerHTML).toBe(previewHtml);
    expect(peekPagePreview('/analyzes/hematology?page=2')).toBeNull();
  });

  it('is nothing when the first view has no preview marker', () => {
    firstView(null);
    keepPagePreview(document, here);
    expect(takePagePreview('/analyzes/hematology?page=2')).toBeNull();
  });

  it('replaces a preview kept earlier by nothing when the view has none', () => {
    firstView(previewHtml);
    keepPagePreview(document, here);
    firstView(null);
    keepPagePreview(document, here);
    expect(takePagePreview('/analyzes/hematology?page=2')).toBeNull();
  });

  it("tells a heading alone, which waits for no city, from a preview of a city's page", () => {
    firstView(previewHtml);
    keepPagePreview(document, here);
    expect(shape(takePagePreview('/analyzes/hematology?page=2'))).toEqual({ html: previewHtml, cityBound: true });
    document.body.innerHTML = `<main><div ${PAGE_PREVIEW_ATTRIBUTE}="${PAGE_HEADING_ONLY}" inert><h1>Мої замовлення</h1></div></main>`;
    keepPagePreview(document, { pathname: '/account/orders', search: '' });
    expect(shape(takePagePreview('/account/orders'))).toEqual({ html: '<h1>Мої замовлення</h1>', cityBound: false });
  });

  it("keeps a signed-in page's frame, which waits for no city either", () => {
    document.body.innerHTML = `<main><div ${PAGE_PREVIEW_ATTRIBUTE}="${PAGE_FRAME}" inert><section><h1>Мої замовлення</h1></section></div></main>`;
    keepPagePreview(document, { pathname: '/account/orders', search: '' });
    expect(shape(takePagePreview('/account/orders'))).toEqual({
      html: '<section><h1>Мої замовлення</h1></section>',
      cityBound: false,
    });
  });

  it('is not kept when the guard script marked <html> stale (another city, a cart, a doctor)', () => {
    firstView(previewHtml);
    document.documentElement.setAttribute(PAGE_PREVIEW_STALE_ATTRIBUTE, '');
    keepPagePreview(document, here);
    expect(takePagePreview('/analyzes/hematology?page=2')).toBeNull();
  });
});
