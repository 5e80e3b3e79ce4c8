import { usePatientRegistries } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import {
  Button,
  ErrorState,
  formatDateTimeKyiv,
  Link,
  plural,
  SkeletonGrid,
  todayInKyiv,
  useBreadcrumbLabel,
  usePageMeta,
} from '@lab/ui';
import { useMemo, useState } from 'react';
import { Busy, fullName, NotFoundView, statusOf } from '../../lib';
import { type DateFilter, DEFAULT_FILTER, FilterBar, filterRange, PeriodFilter, SearchField } from '../filters';
import { OrderStateBadge } from '../orders';
import styles from './Patients.module.css';
import { patientResultPath } from './paths';

/** /account/patients/{id}/results: one patient's results history, newest first, 20 a page. */
export function PatientResultsPage() {
  const { t } = useTranslation('account');
  const patientId = Number(useParams().id);
  const valid = Number.isInteger(patientId) && patientId > 0;
  const [filter, setFilter] = useState<DateFilter>(DEFAULT_FILTER);
  const [query, setQuery] = useState('');
  const today = todayInKyiv();
  const listFilter = useMemo(
    () => ({ ...filterRange(filter, today), ...(query ? { query } : {}) }),
    [filter, today, query],
  );
  const list = usePatientRegistries(valid ? patientId : null, listFilter);
  const patient = list.items[0]?.patient;
  const name = patient ? fullName(patient) : null;
  useBreadcrumbLabel('patient', name);
  usePageMeta({ title: name ? t('patientResults.titleOf', { name }) : t('patientResults.title') });

  if (!valid || list.error?.status === 404) return <NotFoundView />;

  return (
    <section className={styles.page} aria-labelledby="patient-results-title">
      <h1 id="patient-results-title">{name ? t('patientResults.titleOf', { name }) : t('patientResults.title')}</h1>
      <FilterBar label={t('filters.label')}>
        <PeriodFilter value={filter} onChange={setFilter} allowCustom />
        <SearchField
          value={query}
          onSearch={setQuery}
          label={t('patientResults.searchLabel')}
          hint={t('patientResults.searchHint')}
        />
      </FilterBar>
      {list.error && list.items.length === 0 ? (
        <ErrorState title={t('patientResults.loadFailed')} description={statusOf(list.error, t)} onRetry={list.retry} />
      ) : list.isLoading ? (
        <Busy>
          <SkeletonGrid count={3} height={140} minWidth="100%" />
        </Busy>
      ) : list.items.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('patientResults.empty')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setFilter(DEFAULT_FILTER);
              setQuery('');
            }}
          >
            {t('filters.reset')}
          </Button>
        </div>
      ) : (
        <>
          <p className={styles.count} role="status">
            {t('patientResults.shown', {
              shown: list.items.length,
              total: list.total,
              noun: plural(list.total, t('patientResults.resultForms')),
            })}
          </p>
          <ul className={styles.list}>
            {list.items.map((registry) => (
              <li key={registry.id} className={styles.registry}>
                <div className={styles.registryHead}>
                  <h2 className={styles.registryTitle}>{t('orders.number', { number: registry.number })}</h2>
                  <OrderStateBadge state={registry.resultsReady ? 'results-ready' : 'awaiting-results'} />
                </div>
                <p className={styles.muted}>
                  <time dateTime={registry.createdAt}>{formatDateTimeKyiv(registry.createdAt)}</time>
                </p>
                {registry.services.length > 0 && (
                  <ul className={styles.services}>
                    {registry.services.map((service) => (
                      <li key={service.id}>
                        <span className={styles.code}>{service.code}</span> {service.title}
                      </li>
                    ))}
                  </ul>
                )}
                {registry.resultsReady && (
                  <Link to={patientResultPath(patientId, registry.id)} className={styles.primaryLink}>
                    {t('orders.openResults')}
                    <span className="visually-hidden"> {t('orders.ofOrder', { number: registry.number })}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {list.error && <ErrorState variant="compact" title={t('patientResults.moreFailed')} onRetry={list.retry} />}
          {list.hasMore && (
            <div className={styles.more}>
              <Button variant="secondary" loading={list.isLoadingMore} onClick={list.loadMore}>
                {t('patientResults.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
