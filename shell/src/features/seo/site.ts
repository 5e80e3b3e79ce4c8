import type { SiteFacts } from './head';

function buildTimePublicUrl(): string {
  try {
    return process.env.PUBLIC_URL ?? ''; // replaced by the bundler
  } catch {
    return '';
  }
}

/** The public URL setting: the deployment's (PUBLIC_URL at build, or the page's config), else the origin. */
export function publicUrl(): string {
  const configured = (typeof window !== 'undefined' && window.__LAB_CONFIG__?.publicUrl) || buildTimePublicUrl();
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  return (configured || origin).replace(/\/+$/, '');
}

export function siteFacts(t: (key: string) => string, url = publicUrl()): SiteFacts {
  return {
    publicUrl: url,
    siteName: t('siteName'),
    defaultTitle: t('seo.defaultTitle'),
    defaultDescription: t('seo.defaultDescription'),
    ogImage: '/og-image.png',
    telephone: '0 800 102021',
  };
}
