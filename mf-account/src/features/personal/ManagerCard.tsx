import { type Manager, useDoctorManager } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cardStyles, cx, ErrorState, formatPhone, Skeleton } from '@lab/ui';
import { Busy, fullName, statusOf } from '../../lib';
import styles from './Personal.module.css';

/** The manager's contacts as the API gives them; absent ones are left out. */
function Contacts({ manager }: { manager: Manager }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.manager}>
      <p className={styles.managerName}>{fullName(manager)}</p>
      {(manager.phone || manager.email) && (
        <dl className={styles.details}>
          {manager.phone && (
            <div className={styles.detail}>
              <dt>{t('details.phone')}</dt>
              <dd>
                <a href={`tel:${manager.phone}`} className={styles.contact}>
                  {formatPhone(manager.phone) ?? manager.phone}
                </a>
              </dd>
            </div>
          )}
          {manager.email && (
            <div className={styles.detail}>
              <dt>{t('details.email')}</dt>
              <dd>
                <a href={`mailto:${manager.email}`} className={styles.contact}>
                  {manager.email}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

/** docs/product.md#entities "Doctor": the network's manager responsible for the doctor, on the personal page. */
export function ManagerCard() {
  const { t } = useTranslation('account');
  const manager = useDoctorManager();
  return (
    <section className={cx(cardStyles.card, styles.card)} aria-labelledby="manager-title">
      <h2 id="manager-title" className={styles.cardTitle}>
        {t('manager.title')}
      </h2>
      {manager.error ? (
        <ErrorState
          variant="compact"
          title={t('manager.loadFailed')}
          description={statusOf(manager.error, t)}
          onRetry={() => void manager.mutate()}
        />
      ) : manager.data === undefined ? (
        <Busy>
          <Skeleton height={20} count={3} gap="var(--space-2)" />
        </Busy>
      ) : manager.data === null ? (
        <p className={styles.muted}>{t('manager.none')}</p>
      ) : (
        <Contacts manager={manager.data} />
      )}
    </section>
  );
}
