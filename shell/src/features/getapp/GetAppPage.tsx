import { type MobileAppLink, useArticle, useMobileApp } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Link, preloadSanitizer, SafeHtml } from '@lab/ui';
import { ArticleSkeleton, AsyncContent } from '../content';
import styles from './GetApp.module.css';

const STORE_LABEL = { 'app-store': 'getapp.appStore', 'google-play': 'getapp.googlePlay' } as const;
const STORE_NAME = { 'app-store': 'App Store', 'google-play': 'Google Play' } as const;

/** Each store's link, and its QR code for a visitor reading the page on a computer. */
function StoreLinks({ links }: { links: readonly MobileAppLink[] }) {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.stores} aria-labelledby="getapp-stores">
      <h2 id="getapp-stores">{t('getapp.stores')}</h2>
      <ul className={styles.storeList}>
        {links.map((link) => (
          <li key={link.store} className={styles.store}>
            <Link to={link.url} className={styles.storeLink}>
              {t(STORE_LABEL[link.store])}
            </Link>
            <figure className={styles.qr}>
              <img src={link.qr} alt={t('getapp.qrAlt', { store: STORE_NAME[link.store] })} width={144} height={144} />
              <figcaption>{t('getapp.qr', { store: STORE_NAME[link.store] })}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** No app in any store: what the site on a phone already does, and no promise of more. */
function NoApp() {
  const { t } = useTranslation('shell');
  return (
    <div>
      <p>{t('getapp.none')}</p>
      <ul>
        <li>{t('getapp.siteResults')}</li>
        <li>{t('getapp.siteOrders')}</li>
        <li>{t('getapp.siteSms')}</li>
        <li>{t('getapp.siteFamily')}</li>
      </ul>
      <p>{t('getapp.homeScreen')}</p>
      <p className={styles.noAppLinks}>
        <Link to="/analyzes">{t('getapp.toAnalyses')}</Link>
        <Link to="/account">{t('getapp.toAccount')}</Link>
      </p>
    </div>
  );
}

/**
 * /getapp: the app's article with its store links and QR codes when the server's settings name a store;
 * otherwise the article's title and what the site offers instead (its text speaks of an app to install).
 */
export function GetAppPage() {
  preloadSanitizer();
  const article = useArticle('getapp');
  const app = useMobileApp();
  return (
    <AsyncContent
      data={article.data && app.data ? { article: article.data, links: app.data.links } : undefined}
      error={article.error ?? app.error}
      isLoading={article.isLoading || app.isLoading}
      retry={() => {
        void article.mutate();
        void app.mutate();
      }}
      skeleton={<ArticleSkeleton />}
    >
      {({ article: found, links }) => (
        <article className={styles.page} aria-labelledby="article-title">
          <h1 id="article-title">{found.title}</h1>
          {links.length > 0 ? (
            <>
              <SafeHtml html={found.content} />
              <StoreLinks links={links} />
            </>
          ) : (
            <NoApp />
          )}
        </article>
      )}
    </AsyncContent>
  );
}
