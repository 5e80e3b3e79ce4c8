import { useTranslation } from '@lab/i18n';
import { type CSSProperties, useEffect, useRef } from 'react';
import { cx } from '../cx';
import { UI_NAMESPACE } from '../i18n';
import styles from './Dropdown.module.css';
import type { DropdownOption } from './options';

interface Props {
  listboxId: string;
  labelId: string;
  open: boolean;
  /** Already filtered and limited. */
  options: readonly DropdownOption[];
  active: number;
  multiple: boolean;
  /** Max-selected, empty-list or no-match text; '' for none. */
  notice: string;
  maxHeight: number;
  optionHeight: number;
  isSelected: (option: DropdownOption) => boolean;
  isUnavailable: (option: DropdownOption) => boolean;
  canRemove: (option: DropdownOption) => boolean;
  onSelect: (option: DropdownOption) => void;
  onActivate: (index: number) => void;
}

/**
 * An option's second line, smaller and a shade lighter in the option's own colour (so it reads on the
 * active option's fill too); set here rather than in the style sheet every page's start-up loads.
 */
const DESCRIPTION_STYLE: CSSProperties = {
  display: 'block',
  marginTop: 'var(--space-1)',
  fontSize: 'var(--font-size-xs)',
  opacity: 0.85,
  whiteSpace: 'pre-line',
};

export const optionDomId = (listboxId: string, index: number) => `${listboxId}-${index}`;

/** The popup of the dropdown: a status line and the listbox, whose options never take focus. */
export function OptionList({
  listboxId,
  labelId,
  open,
  options,
  active,
  multiple,
  notice,
  maxHeight,
  optionHeight,
  isSelected,
  isUnavailable,
  canRemove,
  onSelect,
  onActivate,
}: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const listRef = useRef<HTMLDivElement>(null);

  // Keeps the active option in view; jsdom has no layout, hence the fallback to the fixed height.
  useEffect(() => {
    const list = listRef.current;
    if (!open || active < 0 || !list) return;
    const item = list.children[active] as HTMLElement | undefined;
    const top = item?.offsetTop || active * optionHeight;
    const height = item?.offsetHeight || optionHeight;
    const view = list.clientHeight || maxHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + height > list.scrollTop + view) list.scrollTop = top + height - view;
  }, [open, active, optionHeight, maxHeight]);

  return (
    <div className={styles.popup} hidden={!open}>
      <div role="status" className={notice ? styles.notice : undefined}>
        {notice}
      </div>
      <div
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-labelledby={labelId}
        aria-multiselectable={multiple || undefined}
        className={styles.listbox}
        style={{ maxHeight }}
      >
        {open &&
          options.map((option, index) => {
            const selected = isSelected(option);
            const unavailable = isUnavailable(option);
            const current = index === active && !unavailable;
            const removable = canRemove(option);
            const hint = current
              ? selected
                ? removable
                  ? t('pressEnterToRemove')
                  : t('selected')
                : t('pressEnterToSelect')
              : selected
                ? t('selected')
                : '';
            return (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
              <div
                key={option.value}
                id={optionDomId(listboxId, index)}
                role="option"
                aria-selected={selected}
                aria-disabled={unavailable || undefined}
                aria-describedby={option.description ? `${optionDomId(listboxId, index)}-description` : undefined}
                className={cx(
                  styles.option,
                  index === active && styles.active,
                  selected && styles.selected,
                  current && removable && styles.removing,
                  unavailable && styles.unavailable,
                )}
                style={{ minHeight: optionHeight }}
                // Keeps focus on the combobox, so the click does not blur and close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== active) onActivate(index);
                }}
                onClick={() => onSelect(option)}
              >
                <span className={styles.optionLabel}>
                  {option.label}
                  {option.description && (
                    // the option's name is its label (its text without this line); the line is its description
                    <span
                      id={`${optionDomId(listboxId, index)}-description`}
                      style={DESCRIPTION_STYLE}
                      aria-hidden="true"
                    >
                      {option.description}
                    </span>
                  )}
                </span>
                {/* aria-selected already tells assistive technology; the hint is for the eyes. */}
                {hint && (
                  <span className={styles.hint} aria-hidden="true">
                    {hint}
                  </span>
                )}
              </div>
            );
          })}
      </div>
    </div>
  );
}
