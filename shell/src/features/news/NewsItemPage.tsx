import { useNewsItem, useSimilarNews } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import { formatDateKyiv, PromoTerms, preloadSanitizer, SafeHtml, SkeletonText, useBreadcrumbLabel } from '@lab/ui';
import { AsyncContent } from '../content';
import styles from './News.module.css';
import { NewsCard } from './NewsCard';

export function NewsItemPage() {
  // the sanitizer its HTML needs comes while the page's data does, not after it
  preloadSanitizer();
  const { t } = useTranslation('shell');
  const { slug = null } = useParams();
  const { data, error, isLoading, mutate } = useNewsItem(slug);
  const similar = useSimilarNews(data ? [data.type] : [], data ? [data.id] : []);
  useBreadcrumbLabel('news-item', data?.title);
  return (
    <AsyncContent
      data={data}
      error={error}
      isLoading={isLoading}
      retry={() => void mutate()}
      skeleton={<SkeletonText lines={8} />}
    >
      {(item) => (
        <>
          <article className={styles.article} aria-labelledby="news-item-title">
            <p className={styles.meta}>
              <span className={item.type === 'promotion' ? styles.promotion : styles.kind}>
                {t(`news.type.${item.type}`)}
              </span>
              <time dateTime={item.publishedAt}>{formatDateKyiv(item.publishedAt)}</time>
            </p>
            <h1 id="news-item-title" className={styles.title}>
              {item.title}
            </h1>
            {/* a promotion's days, value, scope and rule on sales are its code's, not a copy in its text */}
            {item.promo && <PromoTerms terms={item.promo} className={styles.promoTerms} />}
            <SafeHtml html={item.content} />
          </article>
          {similar.data && similar.data.content.length > 0 && (
            <section aria-labelledby="similar-news" className={styles.similar}>
              <h2 id="similar-news">{t('news.similar')}</h2>
              <div className={styles.grid}>
                {similar.data.content.slice(0, 3).map((other) => (
                  <NewsCard key={other.id} item={other} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </AsyncContent>
  );
}
