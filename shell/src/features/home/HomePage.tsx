import { useTranslation } from '@lab/i18n';
import { usePageMeta } from '@lab/ui';
import styles from './HomePage.module.css';

const ADVANTAGES = ['homeVisit', 'onlineDiscount', 'results'] as const;

export function HomePage() {
  const { t } = useTranslation('shell');
  usePageMeta({ organization: true });
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {t('home.title')}
        </h1>
        <p className={styles.lead}>{t('home.lead')}</p>
      </section>
      <ul className={styles.advantages}>
        {ADVANTAGES.map((key) => (
          <li key={key} className={styles.advantage}>
            {t(`home.${key}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
