import type { ServicePrice } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Price } from '@lab/ui';
import styles from './PriceBreakdown.module.css';

/**
 * The price story of one service as a cart holding only it charges it (the server's `additional` and
 * `total`): the service, each service the cart adds automatically (the blood draw) and the total; the
 * sampling is paid once per order, whatever the number of analyses taken from it.
 */
export function PriceBreakdown({ price, packageService }: { price: ServicePrice; packageService: boolean }) {
  const { t } = useTranslation('catalog');
  const services = price.additional?.services ?? [];
  if (services.length === 0 || !price.total) return null;
  return (
    <div className={styles.breakdown}>
      <dl>
        <div>
          <dt>{t(packageService ? 'price.thePackage' : 'price.theAnalysis')}</dt>
          <dd>
            <Price price={price.price.price} originalPrice={price.originalPrice.price} size="sm" />
          </dd>
        </div>
        {services.map((service) => (
          <div key={service.id}>
            <dt>{service.title}</dt>
            <dd>
              <Price price={service.price} originalPrice={service.originalPrice} size="sm" />
            </dd>
          </div>
        ))}
        <div className={styles.breakdownTotal}>
          <dt>{t('price.total')}</dt>
          <dd>
            <Price price={price.total.price.price} originalPrice={price.total.originalPrice.price} size="lg" />
          </dd>
        </div>
      </dl>
      <p className={styles.note}>{t('price.samplingOnce')}</p>
    </div>
  );
}
