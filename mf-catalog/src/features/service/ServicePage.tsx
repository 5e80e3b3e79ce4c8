import {
  type ServiceCard as ServiceCardData,
  type ServiceInfo,
  useServiceBySlug,
  useServicePackages,
  useStored,
} from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import {
  Button,
  cardStyles,
  ErrorState,
  Link,
  Price,
  preloadSanitizer,
  SafeHtml,
  Skeleton,
  SkeletonText,
  useBreadcrumbLabel,
} from '@lab/ui';
import { type ReactNode, useId, useState } from 'react';
import { AddToCartButton } from '../cart';
import { PriceBreakdown, PriceTag, ServiceCard, serviceUrl, useServiceTexts } from '../service-card';
import { isHtml, joinMaterials } from './materials';
import styles from './ServicePage.module.css';

/** Route /analysis/{slug}: one analysis or package, priced in the chosen city. */
export function ServicePage() {
  const { t } = useTranslation('catalog');
  const { slug = '' } = useParams<{ slug: string }>();
  const cityId = useStored('cityId');
  const { data: service, error, isLoading, mutate } = useServiceBySlug(slug || null, cityId);
  // only a preparation in HTML needs the sanitizer (11 KB): asked for with the page's first render when
  // the answer came with the HTML, before its section renders
  if (service?.preparation && isHtml(service.preparation)) preloadSanitizer();
  useBreadcrumbLabel('service', service?.title);

  if (error?.status === 404) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('service.notFound')}</h1>
        <p>{t('service.notFoundText')}</p>
        <Link to="/analyzes">{t('category.toCatalogue')}</Link>
      </section>
    );
  }
  if (error) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('service.loadError')}</h1>
        <ErrorState
          title={t('service.loadError')}
          description={error.message}
          requestId={error.requestId}
          onRetry={() => void mutate()}
        />
      </section>
    );
  }
  if (!service || isLoading) {
    return (
      <section className={styles.page} aria-busy="true" aria-label={t('service.loading')}>
        <Skeleton width="min(36rem, 90%)" height="2.25rem" />
        <div className={styles.layout}>
          <SkeletonText lines={6} />
          <Skeleton height={160} radius="var(--radius-lg)" />
        </div>
      </section>
    );
  }
  return <ServiceDetails service={service} />;
}

function ServiceDetails({ service }: { service: ServiceInfo }) {
  const { t } = useTranslation('catalog');
  const texts = useServiceTexts();
  const cityId = useStored('cityId');
  const titleId = useId();
  const materials = joinMaterials(service.analyses) || service.materials;
  const gender = texts.gender(service.gender);
  const packages = useServicePackages(service.isPartOfPackets ? service.id : null, cityId);
  const partOf = (packages.data ?? []).filter((item) => item.id !== service.id);

  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <span className={styles.kind}>{service.packageService ? t('service.package') : t('service.analysis')}</span>
        <h1 id={titleId} className={styles.title}>
          {service.title}
        </h1>
        <dl className={styles.facts}>
          <div>
            <dt>{t('service.code')}</dt>
            <dd>{service.code}</dd>
          </div>
          <div>
            <dt>{t('service.turnaroundLabel')}</dt>
            <dd>{texts.turnaround(service.turnaroundDays)}</dd>
          </div>
        </dl>
        {gender && (
          <p className={styles.gender} role="note">
            {gender}
          </p>
        )}
      </header>

      <div className={styles.layout}>
        <div className={styles.content}>
          {service.description && (
            <Section title={t('service.description')}>
              <p>{service.description}</p>
            </Section>
          )}
          {materials && (
            <Section title={t('service.materials')}>
              <p>{materials}</p>
            </Section>
          )}
          {service.preparation && (
            <Section title={t('service.preparation')}>
              {isHtml(service.preparation) ? (
                <SafeHtml html={service.preparation} />
              ) : (
                service.preparation.split(/\n{2,}|\r\n\r\n/).map((paragraph) => <p key={paragraph}>{paragraph}</p>)
              )}
            </Section>
          )}
          {service.packageService && service.analyses.length > 0 && (
            <Section title={t('service.includes', { n: service.analyses.length })}>
              <ol className={styles.analyses}>
                {service.analyses.map((analysis) => (
                  <li key={analysis.id}>
                    <span className={styles.analysisCode}>{analysis.code}</span>
                    <span>{analysis.title}</span>
                    {texts.gender(analysis.gender) && (
                      <span className={styles.analysisGender}>{texts.gender(analysis.gender)}</span>
                    )}
                  </li>
                ))}
              </ol>
            </Section>
          )}
          {service.additionalServices.length > 0 && (
            <Section title={t('service.additional')}>
              <p className={styles.hint}>{t('service.additionalHint')}</p>
              <ul className={styles.refs}>
                {service.additionalServices.map((item) => (
                  <li key={item.id}>
                    <span className={styles.analysisCode}>{item.code}</span>
                    <Link to={serviceUrl(item.slug)}>{item.title}</Link>
                    <AdditionalPrice price={service.price} serviceId={item.id} />
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </div>

        <aside className={styles.buy} aria-label={t('service.buyLabel')}>
          {service.price?.additional?.services.length ? (
            <PriceBreakdown price={service.price} packageService={service.packageService} />
          ) : (
            <PriceTag price={service.price} size="lg" />
          )}
          <AddToCartButton
            size="lg"
            className={styles.buyButton}
            service={{
              id: service.id,
              code: service.code,
              title: service.title,
              price: service.price?.price.price ?? null,
              packageService: service.packageService,
            }}
          />
          {service.isPartOfPackets && !service.packageService && (
            <p className={styles.hint}>{t('service.partOfPackets')}</p>
          )}
        </aside>
      </div>

      {service.clientsBuy.length > 0 && <Related title={t('service.clientsBuy')} services={service.clientsBuy} />}
      {/* last: its list comes in a read of its own, and what arrives below the rest pushes nothing down */}
      {partOf.length > 0 && <Related title={t('service.packagesWithIt')} services={partOf} />}
    </article>
  );
}

/** A brought-along service's price in the city, as the cart charges it (none when the city has no price). */
function AdditionalPrice({ price, serviceId }: { price: ServiceInfo['price']; serviceId: number }) {
  const charge = price?.additional?.services.find((service) => service.id === serviceId);
  if (!charge) return null;
  return <Price price={charge.price} originalPrice={charge.originalPrice} size="sm" className={styles.refPrice} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Related lists show this many until asked for all. */
const RELATED_SHOWN = 8;

function Related({ title, services }: { title: string; services: readonly ServiceCardData[] }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? services : services.slice(0, RELATED_SHOWN);
  return (
    <section className={styles.related} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={cardStyles.list}>
        {shown.map((item) => (
          <li key={item.id}>
            <ServiceCard service={item} layout="tile" headingLevel={3} />
          </li>
        ))}
      </ul>
      {services.length > shown.length && (
        <Button variant="secondary" className={styles.showAll} onClick={() => setAll(true)}>
          {t('service.showAll', { n: services.length })}
        </Button>
      )}
    </section>
  );
}
