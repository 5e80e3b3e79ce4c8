import { useTranslation } from '@lab/i18n';
import { UI_NAMESPACE } from '../i18n';
import styles from './Dropdown.module.css';
import type { DropdownOption } from './options';

interface Props {
  items: readonly DropdownOption[];
  /** Tags shown before the rest collapses into "and N more" (the visible-items limit). */
  limit: number;
  onRemove: (value: string) => void;
  disabled: boolean;
}

/**
 * The chosen options of a multiple dropdown, each removable by its own button. Plain spans rather
 * than a list, so that the search field flows right after the last tag.
 */
export function SelectedTags({ items, limit, onRemove, disabled }: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (items.length === 0) return null;
  const shown = items.slice(0, Math.max(0, limit));
  const rest = items.length - shown.length;
  return (
    <>
      {shown.map((item) => (
        <span key={item.value} className={styles.tag}>
          <span className={styles.tagLabel}>{item.label}</span>
          <button
            type="button"
            className={styles.tagRemove}
            aria-label={t('removeOption', { label: item.label })}
            disabled={disabled}
            onClick={() => onRemove(item.value)}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </span>
      ))}
      {rest > 0 && <span className={styles.more}>{t('andMore', { count: rest })}</span>}
    </>
  );
}
