import { usePopularServices, useStored } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cardStyles, cx, ErrorState, Link, SkeletonGrid } from '@lab/ui';
import { useId } from 'react';
import { ServiceCard } from '../service-card';
import styles from './Home.module.css';
import { useCityAnswer } from './useCityAnswer';

/** Analyses shown on the home page. */
export const POPULAR_LIMIT = 8;

/** Home widget: the chosen city's popular analyses, priced there (they reload when the city changes). */
export function PopularServices() {
  const { t } = useTranslation('catalog');
  const cityId = useStored('cityId');
  const { data: answer, error, isLoading, mutate } = usePopularServices(cityId);
  const data = useCityAnswer(cityId, answer);
  const headingId = useId();
  const services = (data ?? []).filter((service) => !service.packageService).slice(0, POPULAR_LIMIT);
  if (data && services.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={isLoading || undefined}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('home.popularTitle')}
        </h2>
        <Link to="/analyzes" className={styles.all}>
          {t('home.allAnalyses')}
        </Link>
      </div>
      {error ? (
        <ErrorState
          variant="compact"
          title={t('home.error')}
          description={error.message}
          requestId={error.requestId}
          onRetry={() => void mutate()}
        />
      ) : !data ? (
        <SkeletonGrid count={4} height={200} minWidth="15rem" />
      ) : (
        <ul className={cx(cardStyles.list, styles.grid)}>
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} layout="tile" headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
