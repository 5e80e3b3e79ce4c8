import { Suspense, use } from 'react';
import { SkeletonText } from '../skeleton/Skeleton';
import styles from './SafeHtml.module.css';

type Sanitize = (html: string) => string;

// DOMPurify is about 11 KB gzipped that only pages with server HTML (articles, news, documents, an
// analysis's preparation) use: it is loaded when one of them first needs it, not with every page
let sanitize: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/** Loads the sanitizer (once); a page that will show server HTML calls it early (preloadSanitizer). */
export function loadSanitizer(): Promise<Sanitize> {
  if (!loading) {
    const load = import('dompurify').then(({ default: DOMPurify }) => {
      sanitize = (html) =>
        // a server render (a page's preview) has no DOM to sanitize with, and DOMPurify then has no
        // sanitize at all: nothing there rather than a thrown render or unsanitized HTML (the browser's
        // render fills it in)
        DOMPurify.isSupported
          ? DOMPurify.sanitize(html, {
              USE_PROFILES: { html: true },
              FORBID_TAGS: ['style', 'form'],
              FORBID_ATTR: ['style'],
            })
          : '';
      // React's use() reads a settled promise's value at once when it carries these (no suspending)
      Object.assign(load, { status: 'fulfilled', value: sanitize });
      return sanitize;
    });
    loading = load;
  }
  return loading;
}

/** Starts loading the sanitizer; safe to call in a render (it only starts a download once). */
export function preloadSanitizer(): void {
  if (typeof document !== 'undefined') void loadSanitizer();
}

/**
 * Server HTML (articles, news, descriptions) without scripts, handlers or javascript: URLs; empty until
 * the sanitizer is loaded (loadSanitizer) and on a server, never unsanitized.
 */
export function sanitizeHtml(html: string): string {
  return sanitize ? sanitize(html) : '';
}

type Props = { html: string; className?: string; as?: 'div' | 'section' | 'article' };

/** Renders sanitized server HTML with the site's typography; text skeletons while the sanitizer loads. */
export function SafeHtml({ html, className, as: Element = 'div' }: Props) {
  const classes = className ? `${styles.prose} ${className}` : styles.prose;
  // a server has no DOM to sanitize with: the element empty, the browser's render fills it
  if (typeof document === 'undefined') return <Element className={classes} />;
  return (
    <Suspense fallback={<SkeletonText lines={4} />}>
      <Sanitized html={html} className={classes} as={Element} />
    </Suspense>
  );
}

function Sanitized({ html, className, as: Element }: Props & { as: NonNullable<Props['as']> }) {
  const clean = use(loadSanitizer())(html);
  return (
    <Element
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
