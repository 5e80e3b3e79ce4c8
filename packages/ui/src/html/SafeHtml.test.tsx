import { act, render, screen } from '@testing-library/react';
import { loadSanitizer, SafeHtml, sanitizeHtml } from './SafeHtml';

// in this order: the first test meets the sanitizer not loaded yet
describe('SafeHtml', () => {
  it('shows skeletons until the sanitizer has loaded, never the raw HTML', async () => {
    // React warns of a render suspended in a synchronous act: that suspended render is what is looked at
    const warnings = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(sanitizeHtml('<p>Текст</p>')).toBe('');
    const { container, unmount } = render(<SafeHtml html={'<p>Текст</p><iframe src="https://evil"></iframe>'} />);
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
    expect(container.querySelector('p, iframe')).toBeNull();
    unmount();
    await loadSanitizer();
    warnings.mockRestore();
  });

  it('then renders the sanitized HTML in place of the skeletons', async () => {
    // an awaited act lets React retry the render the sanitizer's download suspended, as a browser does
    const { container } = await act(async () =>
      render(<SafeHtml html={'<p>Текст</p><iframe src="https://evil"></iframe>'} />),
    );
    expect(await screen.findByText('Текст')).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[data-skeleton]')).toBeNull();
  });

  it('keeps content markup and drops scripts, handlers and javascript: links', async () => {
    const sanitize = await loadSanitizer();
    const clean = sanitize(
      '<h2>Підготовка</h2><p onclick="steal()">Натщесерце</p><script>steal()</script><a href="javascript:steal()">x</a><img src=x onerror="steal()">',
    );
    expect(clean).toContain('<h2>Підготовка</h2>');
    expect(clean).toContain('<p>Натщесерце</p>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(sanitizeHtml('<p>Текст</p><script>steal()</script>')).toBe('<p>Текст</p>');
  });
});
