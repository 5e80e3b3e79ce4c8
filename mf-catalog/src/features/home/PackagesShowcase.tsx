import { usePopularServices, useServiceGroupTree, useStored } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cardStyles, cx, Link, SkeletonGrid } from '@lab/ui';
import { useId } from 'react';
import { categoryUrl } from '../catalogue';
import { ServiceCard } from '../service-card';
import styles from './Home.module.css';
import { useCityAnswer } from './useCityAnswer';

export const PACKAGES_LIMIT = 4;

/** Home widget: popular packages of the chosen city and the groups of the packages tree. */
export function PackagesShowcase() {
  const { t } = useTranslation('catalog');
  const cityId = useStored('cityId');
  const popular = usePopularServices(cityId);
  const tree = useServiceGroupTree();
  const headingId = useId();
  const popularData = useCityAnswer(cityId, popular.data);
  const packages = (popularData ?? []).filter((service) => service.packageService).slice(0, PACKAGES_LIMIT);
  const groups = tree.data?.packageServices ?? [];
  // the home page stands on its own: a failed widget leaves no hole
  if (popular.error && tree.error) return null;
  if (popularData && tree.data && packages.length === 0 && groups.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('home.packagesTitle')}
        </h2>
        <Link to="/analyzes#packages" className={styles.all}>
          {t('home.allPackages')}
        </Link>
      </div>
      <p className={styles.lead}>{t('home.packagesLead')}</p>
      {groups.length > 0 && (
        <ul className={styles.chips} aria-label={t('home.packageGroups')}>
          {groups.map((group) => (
            <li key={group.key}>
              <Link to={categoryUrl(group.slug)} className={styles.chip}>
                {group.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!popularData && !popular.error ? (
        <SkeletonGrid count={PACKAGES_LIMIT} height={200} minWidth="15rem" />
      ) : (
        packages.length > 0 && (
          <ul className={cx(cardStyles.list, styles.grid)}>
            {packages.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} layout="tile" headingLevel={3} />
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
