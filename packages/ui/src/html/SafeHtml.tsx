import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './SafeHtml.module.css';

/** Server HTML (articles, news, descriptions) without scripts, handlers or javascript: URLs. */
export function sanitizeHtml(html: string): string {
  // a server render (a page's preview) has no DOM to sanitize with, and DOMPurify then has no
  // sanitize at all: nothing there rather than a thrown render or unsanitized HTML (the browser's
  // render fills it in)
  if (!DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}

type Props = { html: string; className?: string; as?: 'div' | 'section' | 'article' };

/** Renders sanitized server HTML with the site's typography. */
export function SafeHtml({ html, className, as: Element = 'div' }: Props) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Element
      className={className ? `${styles.prose} ${className}` : styles.prose}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
