/** @jest-environment node */
import { createHash } from 'node:crypto';
import { contentSecurityPolicy } from './csp';
import { FIRST_VIEW_ATTRIBUTE, firstViewCss, firstViewStyleHash, renderFirstView } from './firstView';
import { remoteHints } from './page';

describe('the first view in the HTML', () => {
  it('shows the header and the home page heading with its lead, marked for the app to replace', () => {
    const html = renderFirstView({
      siteName: 'Лабораторія',
      heading: 'Аналізи онлайн',
      lead: 'Оберіть',
      home: true,
      homeHref: '/',
    });
    expect(html).toContain(FIRST_VIEW_ATTRIBUTE);
    expect(html).toContain('<h1 class="fv-title">Аналізи онлайн</h1>');
    expect(html).toContain('<p class="fv-lead">Оберіть</p>');
    expect(html).toContain('href="/"');
  });

  it('escapes a heading that comes from the API', () => {
    const html = renderFirstView({
      siteName: 'L',
      heading: '<script>alert(1)</script> & "x"',
      home: false,
      homeHref: '/ru',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(html).toContain('href="/ru"');
  });

  it('has no heading where the server does not know it', () => {
    expect(renderFirstView({ siteName: 'L', heading: null, home: false, homeHref: '/' })).not.toContain('<h1');
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

  it('cannot be closed early by a map value', () => {
    const html = remoteHints({ evil: 'http://x.example/</script><script>alert(1)</script>/mf-manifest.json' });
    expect(html).not.toContain('</script><script>');
  });
});
