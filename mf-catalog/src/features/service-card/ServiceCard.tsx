import type { ServiceCard as ServiceCardData } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cx, Link } from '@lab/ui';
import type { Ref } from 'react';
import { AddToCartButton } from '../cart';
import { PriceTag } from './PriceTag';
import styles from './ServiceCard.module.css';
import { useServiceTexts } from './texts';

type Props = {
  service: ServiceCardData;
  /** The card title's heading level inside its section. */
  headingLevel?: 2 | 3;
  /** `row` for catalogue lists, `tile` for grids of a few (home, related). */
  layout?: 'row' | 'tile';
  /** The title link, for moving focus to the first card of a newly loaded page. */
  linkRef?: Ref<HTMLAnchorElement>;
};

export const serviceUrl = (slug: string) => `/analysis/${slug}`;

/** One analysis or package in a list: title, code, turnaround, price and the cart action. */
export function ServiceCard({ service, headingLevel = 3, layout = 'row', linkRef }: Props) {
  const { t } = useTranslation('catalog');
  const texts = useServiceTexts();
  const Heading = `h${headingLevel}` as const;
  const gender = texts.gender(service.gender);
  return (
    <article className={cx(styles.card, styles[layout])}>
      <div className={styles.main}>
        {service.packageService && <span className={styles.kind}>{t('service.package')}</span>}
        <Heading className={styles.title}>
          <Link ref={linkRef} to={serviceUrl(service.slug)} className={styles.link}>
            {service.title}
          </Link>
        </Heading>
        <dl className={styles.facts}>
          <div>
            <dt>{t('service.code')}</dt>
            <dd>{service.code}</dd>
          </div>
          <div>
            <dt className="visually-hidden">{t('service.turnaroundLabel')}</dt>
            <dd>{texts.turnaround(service.turnaroundDays)}</dd>
          </div>
        </dl>
        {gender && <p className={styles.gender}>{gender}</p>}
      </div>
      <div className={styles.buy}>
        <PriceTag price={service.price} />
        <AddToCartButton
          service={{
            id: service.id,
            code: service.code,
            title: service.title,
            price: service.price?.price.price ?? null,
            packageService: service.packageService,
          }}
        />
      </div>
    </article>
  );
}
