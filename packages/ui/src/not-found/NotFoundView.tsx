import { useId } from 'react';
import { Link } from '../link/Link';
import styles from './NotFoundView.module.css';

export interface NotFoundViewProps {
  /** The page's heading, already localized by the caller (each app says it in its own words). */
  title: string;
  text: string;
  /** Where to go from here, first the closest: the site's home, an account's start ... */
  links: ReadonlyArray<{ to: string; label: string }>;
  /** Marks the view for tests. */
  testId?: string;
}

/** What a missing page shows, in whichever app finds it missing: a large 404, the heading, the way out. */
export function NotFoundView({ title, text, links, testId }: NotFoundViewProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId} data-testid={testId}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id={titleId}>{title}</h1>
      <p>{text}</p>
      <p className={styles.links}>
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={styles.link}>
            {link.label}
          </Link>
        ))}
      </p>
    </section>
  );
}
