import { type SearchHistoryEntry, useStored } from '@lab/api';
import { useBusEvent } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Button, cx, ErrorState, Link, Skeleton, useLocalizedNavigate } from '@lab/ui';
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { PriceTag } from '../service-card';
import { useSearchHistory } from './history';
import {
  DROPDOWN_ROWS,
  type DropdownRow,
  dropdownRows,
  searchTotals,
  searchUrl,
  TOTAL_CHIPS,
  toHistoryEntry,
} from './results';
import styles from './SearchPanel.module.css';
import { useLiveSearch } from './useLiveSearch';

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Called after the panel navigated somewhere (a result, a chip, the results page). */
  onDone: () => void;
};

/**
 * The search modal's content (docs/product.md#panels-and-dialogs and #search): a combobox input with clear and search
 * buttons; empty, it shows the history; typed, live results with total chips.
 */
export function SearchPanel({ inputRef, onDone }: Props) {
  const { t } = useTranslation('catalog');
  const navigate = useLocalizedNavigate();
  const cityId = useStored('cityId');
  const history = useSearchHistory();
  const [query, setQuery] = useState('');
  const live = useLiveSearch(query, cityId);
  const ids = useId();
  const listboxId = `${ids}-results`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const historyRef = useRef<HTMLUListElement>(null);

  // docs/product.md#city: picking another city clears the search text
  useBusEvent('city:changed', () => setQuery(''));

  const trimmed = query.trim();
  const rows = useMemo(() => (live.response ? dropdownRows(live.response) : []), [live.response]);
  const totals = live.response ? searchTotals(live.response) : null;
  const showResults = trimmed !== '' && !live.loading && !live.error;
  const expanded = showResults && rows.length > 0;

  // the active option belongs to one set of results: new results start with none
  const [activeIn, setActiveIn] = useState<{ rows: DropdownRow[]; index: number }>({ rows: [], index: -1 });
  const active = activeIn.rows === rows ? activeIn.index : -1;
  const setActive = (index: number) => setActiveIn({ rows, index });

  const open = (row: DropdownRow) => {
    history.add(toHistoryEntry(row));
    navigate(row.url);
    onDone();
  };
  const openHistory = (entry: SearchHistoryEntry) => {
    history.add(entry);
    onDone();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return; // docs/product.md#validation: an empty query cannot be submitted
    navigate(searchUrl(trimmed));
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (expanded) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : rows.length - 1) : (active + step + rows.length) % rows.length);
      } else if (!trimmed && event.key === 'ArrowDown') {
        const first = historyRef.current?.querySelector<HTMLAnchorElement>('a');
        if (first) {
          event.preventDefault();
          first.focus();
        }
      }
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0) {
      const row = rows[active];
      if (row) {
        event.preventDefault();
        open(row);
      }
    }
  };

  /** Up and down move through the history's links; up from the first goes back to the input. */
  const onHistoryKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(historyRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) inputRef.current?.focus();
    else links[Math.min(next, links.length - 1)]?.focus();
  };

  const categoryLabel = (row: DropdownRow) => t(`search.category.${row.category}`);

  return (
    <div className={styles.panel}>
      <search>
        <form className={styles.form} onSubmit={submit}>
          <label htmlFor={`${ids}-input`} className="visually-hidden">
            {t('search.label')}
          </label>
          <div className={styles.field}>
            <input
              ref={inputRef}
              id={`${ids}-input`}
              type="text"
              role="combobox"
              aria-expanded={expanded}
              aria-controls={expanded ? listboxId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              aria-describedby={`${ids}-hint`}
              className={styles.input}
              value={query}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
            />
            {query && (
              <button
                type="button"
                className={styles.clear}
                aria-label={t('search.clear')}
                onClick={() => {
                  setQuery('');
                  inputRef.current?.focus();
                }}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          <Button type="submit" disabled={!trimmed} className={styles.submit}>
            {t('search.submit')}
          </Button>
        </form>
      </search>
      <p id={`${ids}-hint`} className="visually-hidden">
        {t('search.hint')}
      </p>

      {!trimmed ? (
        history.entries.length > 0 ? (
          <section className={styles.history} aria-labelledby={`${ids}-history`}>
            <div className={styles.historyHead}>
              <h3 id={`${ids}-history`} className={styles.sectionTitle}>
                {t('search.history')}
              </h3>
              <Button variant="link" size="sm" onClick={history.clear}>
                {t('search.clearHistory')}
              </Button>
            </div>
            <ul ref={historyRef} className={styles.historyList} onKeyDown={onHistoryKeyDown}>
              {history.entries.map((entry) => (
                <li key={entry.url} className={styles.historyItem}>
                  <Link to={entry.url} className={styles.historyLink} onClick={() => openHistory(entry)}>
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                    <span className={styles.rowTitle}>{entry.title}</span>
                    <span className={styles.rowCategory}>{t(`search.category.${entry.category}`)}</span>
                  </Link>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('search.removeFromHistory', { title: entry.title })}
                    onClick={() => {
                      history.remove(entry);
                      inputRef.current?.focus();
                    }}
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className={styles.muted}>{t('search.historyEmpty')}</p>
        )
      ) : live.loading ? (
        <div className={styles.results} aria-busy="true">
          <p className="visually-hidden" role="status">
            {t('search.searching')}
          </p>
          <div className={styles.chips} data-testid="search-chip-skeletons">
            {TOTAL_CHIPS.map((category) => (
              <Skeleton key={category} width="7.5rem" height="2rem" radius="var(--radius-pill)" />
            ))}
          </div>
          <ul className={styles.skeletonRows} data-testid="search-row-skeletons" aria-hidden="true">
            {Array.from({ length: DROPDOWN_ROWS }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders
              <li key={row} className={styles.skeletonRow}>
                <Skeleton width={`${55 + ((row * 17) % 35)}%`} height="1rem" />
                <Skeleton width="4.5rem" height="1rem" />
              </li>
            ))}
          </ul>
        </div>
      ) : live.error ? (
        <ErrorState
          variant="compact"
          title={t('search.error')}
          description={live.error.message}
          requestId={live.error.requestId}
          onRetry={live.retry}
        />
      ) : rows.length === 0 ? (
        <div className={styles.empty} role="status">
          <p className={styles.emptyTitle}>{t('search.emptyTitle', { query: live.query })}</p>
          <p className={styles.muted}>{t('search.emptyText')}</p>
        </div>
      ) : (
        <div className={styles.results}>
          <p className="visually-hidden" role="status">
            {t('search.found', { n: rows.length })}
          </p>
          {totals && (
            <nav className={styles.chips} aria-label={t('search.totalsLabel')}>
              {TOTAL_CHIPS.map((category) => (
                <Link key={category} to={searchUrl(trimmed, category)} className={styles.chip} onClick={onDone}>
                  {t(`search.total.${category}`)}
                  <span className={styles.chipCount}>{totals[category].totalElements}</span>
                </Link>
              ))}
            </nav>
          )}
          <div id={listboxId} role="listbox" aria-label={t('search.resultsLabel')} className={styles.listbox}>
            {rows.map((row, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
              <div
                key={`${row.type}-${row.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cx(styles.option, index === active && styles.active)}
                // keeps focus in the input, so a click does not blur it first
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
                onClick={() => open(row)}
              >
                <span className={styles.rowTitle}>{row.title}</span>
                <span className={styles.rowCategory}>{categoryLabel(row)}</span>
                {row.price && <PriceTag price={row.price} size="sm" className={styles.rowPrice} />}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
