import { render } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('keeps content markup and drops scripts, handlers and javascript: links', () => {
    const clean = sanitizeHtml(
      '<h2>Підготовка</h2><p onclick="steal()">Натщесерце</p><script>steal()</script><a href="javascript:steal()">x</a><img src=x onerror="steal()">',
    );
    expect(clean).toContain('<h2>Підготовка</h2>');
    expect(clean).toContain('<p>Натщесерце</p>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it('renders the sanitized HTML', () => {
    const { container } = render(<SafeHtml html={'<p>Текст</p><iframe src="https://evil"></iframe>'} />);
    expect(container.querySelector('p')).toHaveTextContent('Текст');
    expect(container.querySelector('iframe')).toBeNull();
  });
});
