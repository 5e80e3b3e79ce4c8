/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

// a page's preview on the shell's server (@lab/pages) renders SafeHtml without a DOM
describe('SafeHtml on a server', () => {
  it('renders its element empty: neither a thrown render nor unsanitized HTML', () => {
    expect(typeof window).toBe('undefined');
    expect(sanitizeHtml('<p>Натщесерце</p><script>steal()</script>')).toBe('');
    const html = renderToString(<SafeHtml html={'<p>Натщесерце</p><script>steal()</script>'} as="section" />);
    expect(html).toMatch(/^<section class="[^"]*">\s*<\/section>$/);
    expect(html).not.toContain('steal');
  });
});
