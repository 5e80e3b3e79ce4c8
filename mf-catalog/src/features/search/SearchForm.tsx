import { useTranslation } from '@lab/i18n';
import { Button, useLocalizedNavigate } from '@lab/ui';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import styles from './SearchForm.module.css';

type Props = { inputRef: RefObject<HTMLInputElement | null>; onSubmitted: () => void };

/** The search input with clear and search actions; an empty query cannot be submitted (spec 5). */
export function SearchForm({ inputRef, onSubmitted }: Props) {
  const { t } = useTranslation('catalog');
  const navigate = useLocalizedNavigate();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const trimmed = query.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    navigate(`/search?query=${encodeURIComponent(trimmed)}`);
    onSubmitted();
  };

  return (
    <search>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <div className={styles.field}>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            className={styles.input}
            value={query}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
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
              ×
            </button>
          )}
        </div>
        <Button type="submit" disabled={!trimmed}>
          {t('search.submit')}
        </Button>
      </form>
    </search>
  );
}
