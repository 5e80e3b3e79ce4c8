import { useTranslation } from '@lab/i18n';
import { Link } from '@lab/ui';
import styles from './Breadcrumbs.module.css';
import { useTrail } from './useTrail';

export function Breadcrumbs() {
  const { t } = useTranslation('shell');
  const trail = useTrail();
  if (trail.length < 2) return null;
  return (
    <nav aria-label={t('crumbs.label')} className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((crumb) => (
          <li key={crumb.link} className={styles.item}>
            {crumb.current ? (
              <span aria-current="page" className={styles.current}>
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.link} className={styles.link}>
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
