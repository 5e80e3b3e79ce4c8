import {
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_TYPES,
  type SearchBranchHit,
  type SearchEntry,
  type SearchGroupHit,
  type SearchGroupType,
  type SearchServiceHit,
  useSearch,
  useStored,
} from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useLocation, useSearchParams } from '@lab/router';
import { Button, ErrorState, Link, Skeleton } from '@lab/ui';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { AddToCartButton } from '../cart';
import { PriceTag } from '../service-card';
import { branchHitTitle, entryUrl } from './results';
import styles from './SearchPage.module.css';

/** The section ids the dropdown's chips point to. */
const ANCHORS: Readonly<Record<SearchGroupType, string>> = {
  services: 'services',
  'service-packages': 'service-packages',
  'service-groups': 'categories',
  branches: 'branches',
};
/** The groups of the page, in order (the first answer may have come with the page: shell/server/answers.ts). */
const GROUPS = SEARCH_PAGE_TYPES.map((type) => ({ type, anchor: ANCHORS[type] }));

/** Route /search?query={text}: every group's hits with totals, more per group, the query editable here. */
export function SearchPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const cityId = useStored('cityId');
  const { hash } = useLocation();
  const { data, error, isLoading, mutate } = useSearch(query, cityId, {
    types: SEARCH_PAGE_TYPES,
    size: SEARCH_PAGE_SIZE,
  });
  const [text, setText] = useState(query);
  const inputId = useId();

  // the query of the address is the query of the field (a chip, back and forward change it)
  useEffect(() => setText(query), [query]);

  // the section a chip points to appears with the results: scroll to it then
  const loaded = data !== undefined;
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
  }, [loaded, hash]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) setParams({ query: next });
  };

  const waiting = query !== '' && (isLoading || cityId == null || (!data && !error));
  const total = data?.totalCount ?? 0;

  return (
    <section className={styles.page} aria-labelledby={`${inputId}-title`}>
      <h1 id={`${inputId}-title`} className={styles.heading}>
        {t('searchPage.title')}
      </h1>
      <search>
        <form className={styles.form} onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            id={inputId}
            type="search"
            className={styles.input}
            value={text}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" size="lg" disabled={!text.trim()}>
            {t('search.submit')}
          </Button>
        </form>
      </search>

      {!query ? (
        <p className={styles.muted}>{t('searchPage.prompt')}</p>
      ) : error ? (
        <ErrorState
          title={t('search.error')}
          description={error.message}
          requestId={error.requestId}
          onRetry={() => void mutate()}
        />
      ) : !waiting && total === 0 ? (
        <div className={styles.empty} role="status">
          <p className={styles.emptyTitle}>{t('search.emptyTitle', { query })}</p>
          <p className={styles.muted}>{t('search.emptyText')}</p>
        </div>
      ) : (
        <>
          <p className={styles.summary} role="status">
            {waiting ? t('search.searching') : t('searchPage.summary', { query, n: total })}
          </p>
          {GROUPS.map(({ type, anchor }) => {
            const group = data?.groups.find((item) => item.type === type);
            if (!waiting && !group) return null;
            return (
              <GroupSection
                key={`${type}-${query}`}
                type={type}
                anchor={anchor}
                query={query}
                total={group?.items.totalElements ?? 0}
                entries={group?.items.content ?? []}
                loading={waiting}
              />
            );
          })}
        </>
      )}
    </section>
  );
}

type GroupProps = {
  type: SearchGroupType;
  anchor: string;
  query: string;
  total: number;
  entries: readonly SearchEntry[];
  loading: boolean;
};

function GroupSection({ type, anchor, query, total, entries, loading }: GroupProps) {
  const { t } = useTranslation('catalog');
  const [extraPages, setExtraPages] = useState(0);
  const headingId = useId();
  const shownAtMost = (extraPages + 1) * SEARCH_PAGE_SIZE;
  return (
    <section id={anchor} className={styles.group} aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t(`searchPage.group.${type}`)}
        {!loading && <span className={styles.count}>{total}</span>}
      </h2>
      {loading ? (
        // a full page of rows: the first group's placeholder fills the screen, so the hits replacing it
        // (usually a full page, each row taller) push the next groups down below the fold, not in view
        <Skeleton count={SEARCH_PAGE_SIZE} height={56} gap="var(--space-2)" radius="var(--radius-md)" />
      ) : total === 0 ? (
        <p className={styles.muted}>{t('searchPage.groupEmpty')}</p>
      ) : (
        <>
          <ul className={styles.hits}>
            <Hits entries={entries} />
            {Array.from({ length: extraPages }, (_, index) => (
              <MoreHits
                // biome-ignore lint/suspicious/noArrayIndexKey: page numbers are the identity of the pages
                key={index}
                type={type}
                query={query}
                page={index + 1}
                focusFirst={index + 1 === extraPages}
              />
            ))}
          </ul>
          {shownAtMost < total && (
            <Button variant="secondary" className={styles.more} onClick={() => setExtraPages((pages) => pages + 1)}>
              {t('searchPage.more', { group: t(`searchPage.group.${type}`) })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** One more page of one group, appended under the ones before. */
function MoreHits({
  type,
  query,
  page,
  focusFirst,
}: {
  type: SearchGroupType;
  query: string;
  page: number;
  focusFirst: boolean;
}) {
  const { t } = useTranslation('catalog');
  const cityId = useStored('cityId');
  const { data, error, mutate } = useSearch(query, cityId, { types: [type], page, size: SEARCH_PAGE_SIZE });
  const first = useRef<HTMLAnchorElement>(null);
  const entries = data?.groups.find((group) => group.type === type)?.items.content;
  const focused = useRef(false);
  useEffect(() => {
    if (focusFirst && entries && !focused.current) {
      focused.current = true;
      first.current?.focus();
    }
  }, [focusFirst, entries]);
  if (error) {
    return (
      <li>
        <ErrorState
          variant="compact"
          title={t('search.error')}
          description={error.message}
          requestId={error.requestId}
          onRetry={() => void mutate()}
        />
      </li>
    );
  }
  if (!entries) {
    return (
      <li aria-busy="true">
        <Skeleton count={3} height={56} gap="var(--space-2)" radius="var(--radius-md)" />
      </li>
    );
  }
  return <Hits entries={entries} firstRef={first} />;
}

function Hits({ entries, firstRef }: { entries: readonly SearchEntry[]; firstRef?: Ref<HTMLAnchorElement> }) {
  return (
    <>
      {entries.map((entry, index) => {
        const ref = index === 0 ? firstRef : undefined;
        if ('service' in entry)
          return <ServiceHit key={`s${entry.service.id}`} hit={entry.service} url={entryUrl(entry)} linkRef={ref} />;
        if ('group' in entry)
          return <GroupHit key={`g${entry.group.id}`} hit={entry.group} url={entryUrl(entry)} linkRef={ref} />;
        return <BranchHit key={`b${entry.branch.id}`} branch={entry.branch} linkRef={ref} />;
      })}
    </>
  );
}

type HitProps<T> = { hit: T; url: string; linkRef: Ref<HTMLAnchorElement> | undefined };

function ServiceHit({ hit, url, linkRef }: HitProps<SearchServiceHit>) {
  const { t } = useTranslation('catalog');
  return (
    <li className={styles.hit}>
      <div className={styles.hitMain}>
        <Link ref={linkRef} to={url} className={styles.hitTitle}>
          {hit.title}
        </Link>
        <span className={styles.hitMeta}>
          {t('service.code')}: {hit.code}
        </span>
      </div>
      <div className={styles.hitBuy}>
        <PriceTag price={hit.price} size="sm" />
        <AddToCartButton
          size="sm"
          service={{
            id: hit.id,
            code: hit.code,
            title: hit.title,
            price: hit.price?.price.price ?? null,
            packageService: hit.packageService,
          }}
        />
      </div>
    </li>
  );
}

function GroupHit({ hit, url, linkRef }: HitProps<SearchGroupHit>) {
  const { t } = useTranslation('catalog');
  return (
    <li className={styles.hit}>
      <div className={styles.hitMain}>
        <Link ref={linkRef} to={url} className={styles.hitTitle}>
          {hit.title}
        </Link>
        <span className={styles.hitMeta}>
          {hit.packageGroup ? t('searchPage.packageGroup') : t('searchPage.analysisGroup')}
        </span>
      </div>
    </li>
  );
}

function BranchHit({ branch, linkRef }: { branch: SearchBranchHit; linkRef: Ref<HTMLAnchorElement> | undefined }) {
  const { t } = useTranslation('catalog');
  return (
    <li className={styles.hit}>
      <div className={styles.hitMain}>
        <Link ref={linkRef} to="/contacts" className={styles.hitTitle}>
          {branchHitTitle(branch)}
        </Link>
        <span className={styles.hitMeta}>
          {branch.title} · {t(`searchPage.branchStatus.${branch.status}`)}
        </span>
      </div>
    </li>
  );
}
