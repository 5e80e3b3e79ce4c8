import { useTranslation } from '@lab/i18n';
import { Button } from '@lab/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styles from './Filters.module.css';

type Props = {
  /** The applied query. */
  value: string;
  onSearch: (query: string) => void;
  label: string;
  /** What can be searched for: under the field, never cut off as a placeholder would be at 360 px. */
  hint?: string;
};

/** A search box applied on Enter or the button; clearing the field shows everything again. */
export function SearchField({ value, onSearch, label, hint }: Props) {
  const { t } = useTranslation('account');
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className={styles.search} onSubmit={submit}>
      <label htmlFor={id} className={styles.legend}>
        {label}
      </label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="search"
          className={styles.input}
          value={text}
          aria-describedby={hint ? `${id}-hint` : undefined}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && value !== '') onSearch('');
          }}
        />
        <Button type="submit" variant="secondary">
          {t('filters.search')}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </form>
  );
}
