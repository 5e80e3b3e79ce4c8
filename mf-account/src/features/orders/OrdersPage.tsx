import { useOrders } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useSearchParams } from '@lab/router';
import { Button, ErrorState, Link, plural, SkeletonGrid, todayInKyiv } from '@lab/ui';
import { useDeferredValue, useMemo } from 'react';
import { Busy } from '../../lib';
import {
  type DateFilter,
  DEFAULT_FILTER,
  FilterBar,
  filterRange,
  PeriodFilter,
  SearchField,
  serializeFilter,
  useStoredFilter,
} from '../filters';
import { OrderCard } from './OrderCard';
import styles from './Orders.module.css';

export const ORDERS_PAGE_SIZE = 10;

type FiltersProps = {
  filter: DateFilter;
  onFilter: (filter: DateFilter) => void;
  query: string;
  onSearch: (query: string) => void;
};

/** The period and the search: the same whether the list has arrived or not. */
function OrdersFilters({ filter, onFilter, query, onSearch }: FiltersProps) {
  const { t } = useTranslation('account');
  return (
    <FilterBar label={t('filters.label')}>
      <PeriodFilter value={filter} onChange={onFilter} />
      <SearchField value={query} onSearch={onSearch} label={t('orders.searchLabel')} hint={t('orders.searchHint')} />
    </FilterBar>
  );
}

const OrdersSkeleton = () => (
  <Busy>
    <SkeletonGrid count={3} height={260} minWidth="100%" />
  </Busy>
);

const ignore = () => undefined;

/**
 * The orders page before anything is read (the first view's frame, the account's loading state): the
 * default period and the address's query, the list's skeleton. The filters are inert: nothing would
 * answer them yet.
 */
export function OrdersFrame() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <h1 id="orders-title">{t('orders.title')}</h1>
      <div inert>
        <OrdersFilters filter={DEFAULT_FILTER} onFilter={ignore} query={params.get('query') ?? ''} onSearch={ignore} />
      </div>
      <OrdersSkeleton />
    </section>
  );
}

/** /account/orders: the patient's orders with the period filter (remembered), search and paging. */
export function OrdersPage() {
  const { t } = useTranslation('account');
  const [filter, setFilter] = useStoredFilter('lastOrdersDate', false);
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const today = todayInKyiv();
  const listFilter = useMemo(
    () => ({ size: ORDERS_PAGE_SIZE, ...filterRange(filter, today), ...(query ? { query } : {}) }),
    [filter, today, query],
  );
  // the list is drawn in a deferred render, which yields to input: SWR hands an answer over in a
  // synchronous render, where ten order cards kept a phone's main thread about 70 ms (README
  // "Performance"). Meanwhile the page shows what it showed (the skeleton), never a half-new state.
  const list = useDeferredValue(useOrders('patient', listFilter));
  const filtered = query !== '' || serializeFilter(filter) !== serializeFilter(DEFAULT_FILTER);

  const search = (next: string) => {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set('query', next);
    else nextParams.delete('query');
    setParams(nextParams, { replace: true });
  };

  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <h1 id="orders-title">{t('orders.title')}</h1>
      <OrdersFilters filter={filter} onFilter={setFilter} query={query} onSearch={search} />

      {list.error && list.items.length === 0 ? (
        <ErrorState title={t('orders.loadFailed')} description={t('errors.tryLater')} onRetry={list.retry} />
      ) : list.isLoading ? (
        <OrdersSkeleton />
      ) : list.items.length === 0 ? (
        <div className={styles.empty}>
          {filtered ? (
            <>
              <p className={styles.emptyTitle}>{t('orders.emptyFiltered')}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  setFilter(DEFAULT_FILTER);
                  search('');
                }}
              >
                {t('filters.reset')}
              </Button>
            </>
          ) : (
            <>
              <p className={styles.emptyTitle}>{t('orders.empty')}</p>
              <p>{t('orders.emptyText')}</p>
              <Link to="/analyzes" className={styles.primaryLink}>
                {t('orders.toCatalogue')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <p className={styles.count} role="status">
            {t('orders.shown', {
              shown: list.items.length,
              total: list.total,
              noun: plural(list.total, t('orders.orderForms')),
            })}
          </p>
          <ul className={styles.list}>
            {list.items.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} onChanged={list.retry} />
              </li>
            ))}
          </ul>
          {list.error && <ErrorState variant="compact" title={t('orders.moreFailed')} onRetry={list.retry} />}
          {list.hasMore && (
            <div className={styles.more}>
              <Button variant="secondary" loading={list.isLoadingMore} onClick={list.loadMore}>
                {t('orders.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
