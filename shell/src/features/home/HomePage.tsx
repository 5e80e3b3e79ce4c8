import { useMobileApp, useNewsList, useSettlements } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, Link, SkeletonGrid } from '@lab/ui';
import { NewsCard } from '../news';
import { RemoteSlot } from '../remotes';
import styles from './HomePage.module.css';

const ADVANTAGES = ['homeVisit', 'onlineDiscount', 'results'] as const;

export function HomePage() {
  const { t } = useTranslation('shell');
  const { data } = useSettlements();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {/* one claim, from the data (the server draws the same from the same answer) */}
          {data
            ? t('home.title', { branches: data.branchCount, cities: data.settlements.length })
            : t('home.titlePlain')}
        </h1>
        <p className={styles.lead}>{t('home.lead')}</p>
        <div className={styles.heroActions}>
          <Link to="/analyzes" className={styles.primary}>
            {t('home.toCatalogue')}
          </Link>
          <Link to="/contacts" className={styles.secondary}>
            {t('home.toBranches')}
          </Link>
        </div>
      </section>
      <ul className={styles.advantages} aria-label={t('home.advantagesLabel')}>
        {ADVANTAGES.map((key) => (
          <li key={key} className={styles.advantage}>
            <strong>{t(`home.${key}`)}</strong>
            <span>{t(`home.${key}Text`)}</span>
          </li>
        ))}
      </ul>
      <RemoteSlot
        remote="mf_catalog"
        module="PopularServices"
        placeholder={<SkeletonGrid count={4} height={200} minWidth="15rem" />}
      />
      <RemoteSlot
        remote="mf_catalog"
        module="PackagesShowcase"
        placeholder={<SkeletonGrid count={4} height={200} minWidth="15rem" />}
      />
      <LatestNews />
      <AppTeaser />
    </>
  );
}

/** The app's block, only when a store has the app (the server's settings): no promise of an app there is not. */
function AppTeaser() {
  const { t } = useTranslation('shell');
  const { data } = useMobileApp();
  if (!data || data.links.length === 0) return null;
  return (
    <section className={styles.app} aria-labelledby="home-app">
      <h2 id="home-app">{t('home.appTitle')}</h2>
      <p>{t('home.appText')}</p>
      <Link to="/getapp" className={styles.secondary}>
        {t('home.appLink')}
      </Link>
    </section>
  );
}

function LatestNews() {
  const { t } = useTranslation('shell');
  const news = useNewsList(3);
  // the rest of the home page stands on its own; only this block offers its retry
  return (
    <section className={styles.news} aria-labelledby="home-news">
      <div className={styles.sectionHead}>
        <h2 id="home-news">{t('home.newsTitle')}</h2>
        <Link to="/news">{t('home.allNews')}</Link>
      </div>
      {news.error && !news.items.length ? (
        <ErrorState
          variant="compact"
          title={t('home.newsError')}
          description={news.error.message}
          requestId={news.error.requestId}
          onRetry={news.retry}
        />
      ) : news.isLoading ? (
        <SkeletonGrid count={3} height={168} />
      ) : (
        <div className={styles.newsGrid}>
          {news.items.slice(0, 3).map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </div>
      )}
    </section>
  );
}
