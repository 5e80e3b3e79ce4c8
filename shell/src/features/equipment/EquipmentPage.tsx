import { type Equipment, useEquipment } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, SkeletonGrid } from '@lab/ui';
import styles from './Equipment.module.css';

/** The laboratory's equipment (docs/product.md#entities "Equipment list", `GET content/equipments/enabled`). */
export function EquipmentPage() {
  const { t } = useTranslation('shell');
  const equipment = useEquipment();
  return (
    <section aria-labelledby="equipment-title">
      <h1 id="equipment-title" className={styles.title}>
        {t('equipment.title')}
      </h1>
      <p className={styles.lead}>{t('equipment.lead')}</p>
      {equipment.error && !equipment.data ? (
        <ErrorState
          title={t('errors.loadTitle')}
          description={t('errors.loadText')}
          onRetry={() => void equipment.mutate()}
        />
      ) : !equipment.data ? (
        <div aria-busy="true">
          <span className="visually-hidden">{t('equipment.loading')}</span>
          <SkeletonGrid count={6} height={260} minWidth="17rem" />
        </div>
      ) : equipment.data.length === 0 ? (
        <p className={styles.empty}>{t('equipment.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {equipment.data.map((device) => (
            <li key={device.id}>
              <Device device={device} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Device({ device }: { device: Equipment }) {
  const { t } = useTranslation('shell');
  return (
    <article className={styles.card}>
      {device.image ? (
        <img className={styles.photo} src={device.image} alt={device.title} loading="lazy" width={320} height={200} />
      ) : (
        // no photo yet: a drawing of a bench analyser, not a broken picture
        <div className={styles.placeholder} role="img" aria-label={t('equipment.noPhoto', { name: device.title })}>
          <svg viewBox="0 0 64 48" width="72" height="54" aria-hidden="true" focusable="false">
            <rect x="6" y="10" width="52" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <rect x="12" y="16" width="20" height="12" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M38 18h14M38 24h10M14 40v4M50 40v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="45" cy="33" r="2.5" fill="currentColor" />
          </svg>
        </div>
      )}
      <div className={styles.body}>
        <h2 className={styles.name}>{device.title}</h2>
        {device.manufacturer && (
          <p className={styles.manufacturer}>
            <span className="visually-hidden">{t('equipment.manufacturer')}: </span>
            {device.manufacturer}
          </p>
        )}
        <p className={styles.description}>{device.description}</p>
      </div>
    </article>
  );
}
