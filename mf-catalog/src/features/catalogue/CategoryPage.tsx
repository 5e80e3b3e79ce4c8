import {
  CATEGORY_PAGE_SIZE,
  type FoundGroup,
  findGroup,
  groupListFilter,
  type ServiceGroupNode,
  useServiceGroupTree,
  useServiceList,
  useStored,
} from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import { Button, Dropdown, type DropdownOption, ErrorState, Link, Skeleton, useBreadcrumbLabel } from '@lab/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ServiceCard } from '../service-card';
import { categoryUrl } from './CataloguePage';
import styles from './Category.module.css';
import type { GenderFilter, PriceSort } from './tree';
import { useCategoryQuery } from './useCategoryQuery';

const TEXT_DEBOUNCE_MS = 500;

/** Route /analyzes/{slug}: one group's services, filtered, paged by appending. */
export function CategoryPage() {
  const { t } = useTranslation('catalog');
  const { slug = '' } = useParams<{ slug: string }>();
  const { data: trees, error, isLoading, mutate } = useServiceGroupTree();
  const found = useMemo(() => (trees ? findGroup(trees, slug) : null), [trees, slug]);
  useBreadcrumbLabel('category', found?.node.title);

  if (isLoading) {
    return (
      <section className={styles.page} aria-busy="true" aria-label={t('catalogue.loading')}>
        <Skeleton width="min(28rem, 80%)" height="2.25rem" />
        <Skeleton count={5} height={96} gap="var(--space-3)" radius="var(--radius-lg)" />
      </section>
    );
  }
  if (error) {
    return (
      <section className={styles.page}>
        <h1 className={styles.heading}>{t('catalogue.title')}</h1>
        <ErrorState
          title={t('catalogue.error')}
          description={error.message}
          requestId={error.requestId}
          onRetry={() => void mutate()}
        />
      </section>
    );
  }
  if (!found) {
    return (
      <section className={styles.page}>
        <h1 className={styles.heading}>{t('category.notFound')}</h1>
        <p>{t('category.notFoundText')}</p>
        <Link to="/analyzes" className={styles.back}>
          {t('category.toCatalogue')}
        </Link>
      </section>
    );
  }
  // a new category starts with fresh filters
  return <Category key={found.node.key + found.tree} found={found} />;
}

function Category({ found }: { found: FoundGroup }) {
  const { t } = useTranslation('catalog');
  const { node, ancestors } = found;
  const cityId = useStored('cityId');
  const headingId = useId();
  const [{ subgroup, gender, sort, text: appliedText, pages }, update] = useCategoryQuery();
  // the field answers each key; the list (and the address) follow the text once typing pauses
  const [text, setText] = useState(appliedText);
  const typed = useDebouncedValue(text.trim(), TEXT_DEBOUNCE_MS, true);
  useEffect(() => {
    if (typed !== appliedText) update({ text: typed });
  }, [typed, appliedText, update]);
  const query = appliedText;

  const chosen: ServiceGroupNode = node.childNodes.find((child) => child.slug === subgroup) ?? node;
  // every filter goes to the server, so that they hold across all pages, not only the loaded ones
  const filter = useMemo(
    () =>
      cityId == null
        ? null
        : {
            // the first page of the unfiltered list may have come with the page (shell/server/describe.ts)
            ...groupListFilter(chosen, cityId),
            ...(query ? { query } : {}),
            ...(gender !== 'all' ? { gender } : {}),
            ...(sort !== 'default' ? { priceSort: sort === 'price-asc' ? ('asc' as const) : ('desc' as const) } : {}),
          },
    [cityId, chosen, query, gender, sort],
  );
  const list = useServiceList(filter, CATEGORY_PAGE_SIZE, pages);
  const shown = list.items;
  const filtered = subgroup !== null || gender !== 'all' || query !== '';
  const reset = () => {
    setText('');
    update({ subgroup: null, gender: 'all', sort: 'default', text: '' });
  };

  // after "show more", focus moves to the first new service (the button may be gone on the last page)
  const firstNew = useRef<HTMLAnchorElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom !== null && shown.length > focusFrom) {
      firstNew.current?.focus();
      setFocusFrom(null);
    }
  }, [focusFrom, shown.length]);

  const canceled = list.error?.code === 'canceled';
  const loading = filter === null || list.isLoading || (canceled && list.items.length === 0);
  const failed = list.error && !canceled ? list.error : undefined;
  const parent = ancestors.at(-1);

  const subgroupOptions: DropdownOption[] = [
    { value: '', label: t('filters.allSubgroups') },
    ...node.childNodes.map((child) => ({ value: child.slug, label: child.title })),
  ];
  const genderOptions: DropdownOption[] = [
    { value: 'all', label: t('filters.genderAll') },
    { value: 'male', label: t('filters.genderMale') },
    { value: 'female', label: t('filters.genderFemale') },
  ];
  const sortOptions: DropdownOption[] = [
    { value: 'default', label: t('filters.sortDefault') },
    { value: 'price-asc', label: t('filters.sortPriceAsc') },
    { value: 'price-desc', label: t('filters.sortPriceDesc') },
  ];

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      {parent && (
        <Link to={categoryUrl(parent.slug)} className={styles.back}>
          {t('category.parent', { title: parent.title })}
        </Link>
      )}
      <h1 id={headingId} className={styles.heading}>
        {node.title}
      </h1>

      <search className={styles.filters} aria-label={t('filters.label')}>
        <label className={styles.textFilter}>
          <span className={styles.filterLabel}>{t('filters.text')}</span>
          <input
            type="search"
            className={styles.input}
            value={text}
            placeholder={t('filters.textPlaceholder')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {node.childNodes.length > 0 && (
          <Dropdown
            label={t('filters.subgroup')}
            options={subgroupOptions}
            value={subgroup ?? ''}
            searchable={node.childNodes.length > 8}
            onChange={(value) => update({ subgroup: value ? value : null })}
          />
        )}
        <Dropdown
          label={t('filters.gender')}
          options={genderOptions}
          value={gender}
          searchable={false}
          onChange={(value) => update({ gender: (value as GenderFilter | null) ?? 'all' })}
        />
        <Dropdown
          label={t('filters.sort')}
          options={sortOptions}
          value={sort}
          searchable={false}
          onChange={(value) => update({ sort: (value as PriceSort | null) ?? 'default' })}
        />
      </search>

      <p className={styles.status} role="status">
        {loading
          ? t('category.loading')
          : gender === 'all'
            ? t('category.shownOfTotal', { shown: list.items.length, total: list.total })
            : t('category.shown', { shown: shown.length })}
      </p>

      {loading ? (
        <Skeleton count={5} height={96} gap="var(--space-3)" radius="var(--radius-lg)" />
      ) : failed && list.items.length === 0 ? (
        <ErrorState
          title={t('category.error')}
          description={failed.message}
          requestId={failed.requestId}
          onRetry={list.retry}
        />
      ) : shown.length === 0 && !list.hasMore ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{filtered ? t('category.emptyFiltered') : t('category.empty')}</p>
          {filtered && (
            <Button variant="secondary" onClick={reset}>
              {t('filters.reset')}
            </Button>
          )}
        </div>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {shown.map((service, index) => (
            <li key={service.id}>
              <ServiceCard service={service} headingLevel={2} linkRef={index === focusFrom ? firstNew : undefined} />
            </li>
          ))}
        </ul>
      )}

      {failed && list.items.length > 0 && (
        <ErrorState
          variant="compact"
          title={t('category.error')}
          description={failed.message}
          requestId={failed.requestId}
          onRetry={list.retry}
        />
      )}
      {!loading && list.hasMore && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={list.isLoadingMore}
            onClick={() => {
              setFocusFrom(shown.length);
              list.loadMore();
              update({ pages: Math.ceil(shown.length / CATEGORY_PAGE_SIZE) + 1 });
            }}
          >
            {t('category.more')}
          </Button>
        </div>
      )}
    </section>
  );
}
