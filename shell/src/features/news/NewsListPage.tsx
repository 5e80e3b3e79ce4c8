import { useNewsList } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, ErrorState, SkeletonGrid } from '@lab/ui';
import styles from './News.module.css';
import { NewsCard } from './NewsCard';

/** News and promotions, newest first; "show more" appends the next page (docs/product.md#lists). */
export function NewsListPage() {
  const { t } = useTranslation('shell');
  const news = useNewsList();
  return (
    <section aria-labelledby="news-title">
      <h1 id="news-title" className={styles.title}>
        {t('news.title')}
      </h1>
      {news.error && !news.items.length ? (
        <ErrorState title={t('errors.loadTitle')} description={t('errors.loadText')} onRetry={news.retry} />
      ) : (
        <>
          <div className={styles.grid}>
            {news.items.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
          {(news.isLoading || news.isLoadingMore) && <SkeletonGrid count={3} height={168} />}
          {!news.isLoading && !news.items.length && <p className={styles.empty}>{t('news.empty')}</p>}
          {news.hasMore && (
            <div className={styles.more}>
              <Button variant="secondary" loading={news.isLoadingMore} onClick={news.loadMore}>
                {t('news.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
