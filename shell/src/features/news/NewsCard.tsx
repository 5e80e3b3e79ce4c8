import type { NewsItem } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cardStyles, cx, formatDateKyiv, Link } from '@lab/ui';
import styles from './News.module.css';

export function NewsCard({ item }: { item: NewsItem }) {
  const { t } = useTranslation('shell');
  return (
    <article className={cx(cardStyles.card, styles.card)}>
      <p className={styles.meta}>
        <span className={item.type === 'promotion' ? styles.promotion : styles.kind}>
          {t(`news.type.${item.type}`)}
        </span>
        <time dateTime={item.publishedAt}>{formatDateKyiv(item.publishedAt)}</time>
      </p>
      <h2 className={styles.cardTitle}>
        <Link to={`/news/${item.slug}`}>{item.title}</Link>
      </h2>
      <p className={styles.summary}>{item.summary}</p>
    </article>
  );
}
