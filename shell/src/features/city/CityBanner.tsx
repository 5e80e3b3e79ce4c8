import { useTranslation } from '@lab/i18n';
import { Button } from '@lab/ui';
import styles from './City.module.css';
import { useCity } from './CityContext';

/** Spec section 4: "is this your city?" after detection; yes confirms, no opens the picker. */
export function CityBanner() {
  const { t } = useTranslation('shell');
  const { city, bannerVisible, confirm, openModal } = useCity();
  if (!bannerVisible || !city) return null;
  // overlays the page below the header instead of pushing it down: it appears after detection (up to
  // 5 s), and a late push would shift everything the visitor is already reading
  return (
    <div className={styles.bannerAnchor}>
      <section className={styles.banner} aria-label={t('city.bannerLabel')} data-city-banner>
        <p className={styles.question}>{t('city.question', { city: city.title })}</p>
        <div className={styles.bannerActions}>
          <Button size="sm" onClick={confirm}>
            {t('city.yes')}
          </Button>
          <Button size="sm" variant="secondary" onClick={openModal}>
            {t('city.no')}
          </Button>
        </div>
      </section>
    </div>
  );
}
