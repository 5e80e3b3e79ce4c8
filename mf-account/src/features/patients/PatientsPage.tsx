import { type Order, useOrders } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useSearchParams } from '@lab/router';
import { Button, ErrorState, Link, plural, SkeletonGrid, todayInKyiv } from '@lab/ui';
import { useMemo } from 'react';
import { Busy, fullName } from '../../lib';
import {
  DEFAULT_FILTER,
  FilterBar,
  filterRange,
  PeriodFilter,
  SearchField,
  serializeFilter,
  useStoredFilter,
} from '../filters';
import { OrderCard } from '../orders';
import styles from './Patients.module.css';
import { patientResultPath, patientResultsPath } from './paths';

/** docs/product.md#constants: patient referral default page size 20. */
export const REFERRALS_PAGE_SIZE = 20;

const referralResults = (order: Order) => patientResultPath(order.patient.id, order.registryId ?? 0);
const referralPatient = (order: Order) => patientResultsPath(order.patient.id);

/** The patients among the loaded referrals, with how many referrals each has, by name. */
export function patientsOf(referrals: readonly Order[]): Array<{ id: number; name: string; referrals: number }> {
  const byId = new Map<number, { id: number; name: string; referrals: number }>();
  for (const order of referrals) {
    const known = byId.get(order.patient.id);
    if (known) known.referrals += 1;
    else byId.set(order.patient.id, { id: order.patient.id, name: fullName(order.patient), referrals: 1 });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'uk'));
}

/**
 * /account/patients: the doctor's referrals and their patients, 20 a page appended, the date filter
 * remembered in lastPatientsDate and the search in the address.
 */
export function PatientsPage() {
  const { t } = useTranslation('account');
  const [filter, setFilter] = useStoredFilter('lastPatientsDate', true);
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const today = todayInKyiv();
  const listFilter = useMemo(
    () => ({ size: REFERRALS_PAGE_SIZE, ...filterRange(filter, today), ...(query ? { query } : {}) }),
    [filter, today, query],
  );
  const list = useOrders('doctor', listFilter);
  const patients = useMemo(() => patientsOf(list.items), [list.items]);
  const filtered = query !== '' || serializeFilter(filter) !== serializeFilter(DEFAULT_FILTER);

  const search = (next: string) => {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set('query', next);
    else nextParams.delete('query');
    setParams(nextParams, { replace: true });
  };

  return (
    <section className={styles.page} aria-labelledby="patients-title">
      <h1 id="patients-title">{t('patients.title')}</h1>
      <FilterBar label={t('filters.label')}>
        <PeriodFilter value={filter} onChange={setFilter} allowCustom />
        <SearchField
          value={query}
          onSearch={search}
          label={t('patients.searchLabel')}
          hint={t('patients.searchHint')}
        />
      </FilterBar>

      {list.error && list.items.length === 0 ? (
        <ErrorState title={t('patients.loadFailed')} description={t('errors.tryLater')} onRetry={list.retry} />
      ) : list.isLoading ? (
        <Busy>
          <SkeletonGrid count={3} height={200} minWidth="100%" />
        </Busy>
      ) : list.items.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('patients.empty')}</p>
          <p>{filtered ? t('patients.emptyFiltered') : t('patients.emptyText')}</p>
          {filtered && (
            <Button
              variant="secondary"
              onClick={() => {
                setFilter(DEFAULT_FILTER);
                search('');
              }}
            >
              {t('filters.reset')}
            </Button>
          )}
        </div>
      ) : (
        <div className={styles.layout}>
          <section className={styles.patients} aria-labelledby="patients-list-title">
            <h2 id="patients-list-title" className={styles.sectionTitle}>
              {t('patients.patients')}
            </h2>
            <ul className={styles.patientList}>
              {patients.map((patient) => (
                <li key={patient.id}>
                  <Link to={patientResultsPath(patient.id)} className={styles.patientLink}>
                    <span className={styles.patientName}>{patient.name}</span>
                    <span className={styles.muted}>
                      {t('patients.referralsCount', {
                        n: patient.referrals,
                        noun: plural(patient.referrals, t('patients.referralForms')),
                      })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section className={styles.referrals} aria-labelledby="referrals-title">
            <h2 id="referrals-title" className={styles.sectionTitle}>
              {t('patients.referrals')}
            </h2>
            <p className={styles.count} role="status">
              {t('patients.shown', {
                shown: list.items.length,
                total: list.total,
                noun: plural(list.total, t('patients.referralForms')),
              })}
            </p>
            <ul className={styles.list}>
              {list.items.map((order) => (
                <li key={order.id}>
                  <OrderCard
                    order={order}
                    showPayment={false}
                    resultsHref={referralResults}
                    patientHref={referralPatient}
                    headingLevel={3}
                  />
                </li>
              ))}
            </ul>
            {list.error && <ErrorState variant="compact" title={t('patients.moreFailed')} onRetry={list.retry} />}
            {list.hasMore && (
              <div className={styles.more}>
                <Button variant="secondary" loading={list.isLoadingMore} onClick={list.loadMore}>
                  {t('patients.more')}
                </Button>
              </div>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
