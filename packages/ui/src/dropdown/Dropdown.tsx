import { useTranslation } from '@lab/i18n';
import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cx } from '../cx';
import { plural } from '../format/plural';
import { UI_NAMESPACE } from '../i18n';
import styles from './Dropdown.module.css';
import { OptionList, optionDomId } from './OptionList';
import {
  DROPDOWN_MAX_HEIGHT,
  DROPDOWN_OPTION_HEIGHT,
  DROPDOWN_OPTIONS_LIMIT,
  DROPDOWN_VISIBLE_ITEMS_LIMIT,
  type DropdownOption,
  typeaheadIndex,
  visibleOptions,
} from './options';
import { SelectedTags } from './SelectedTags';
import { useTypeahead } from './useTypeahead';

interface DropdownBaseProps {
  options: readonly DropdownOption[];
  /** The visible label and accessible name. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Defaults to the localized "choose". */
  placeholder?: string;
  /** A text field that filters the options (default); otherwise a select-only box with type-ahead. */
  searchable?: boolean;
  /** Filter the options by the typed text here (default); false when the caller searches itself. */
  filter?: boolean;
  onSearchChange?: (query: string) => void;
  /** At most this many options are rendered (docs/product.md#constants: 1000). */
  optionsLimit?: number;
  /** Px; docs/product.md#constants: 300. */
  maxHeight?: number;
  /** Px; docs/product.md#constants: 40. */
  optionHeight?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of an error or hint text. */
  describedBy?: string;
  id?: string;
  className?: string;
}

export interface DropdownSingleProps extends DropdownBaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Choosing the selected option again clears the choice. */
  allowEmpty?: boolean;
}

export interface DropdownMultipleProps extends DropdownBaseProps {
  multiple: true;
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** At most this many selected; the rest are disabled until one is removed. */
  max?: number;
  /** Selected tags shown before "and N more" (99999: no limit). */
  visibleItemsLimit?: number;
}

export type DropdownProps = DropdownSingleProps | DropdownMultipleProps;

/**
 * The WAI-ARIA combobox with a listbox popup, single or multiple. Focus stays on the combobox and
 * the active option is pointed to by aria-activedescendant; options are rendered only while open.
 */
export function Dropdown(props: DropdownProps) {
  const {
    options,
    label,
    hideLabel = false,
    placeholder,
    searchable = true,
    filter = true,
    onSearchChange,
    optionsLimit = DROPDOWN_OPTIONS_LIMIT,
    maxHeight = DROPDOWN_MAX_HEIGHT,
    optionHeight = DROPDOWN_OPTION_HEIGHT,
    disabled = false,
    invalid = false,
    describedBy,
    id,
    className,
  } = props;
  const { t } = useTranslation(UI_NAMESPACE);
  const autoId = useId();
  const baseId = id ?? autoId;
  const labelId = `${baseId}-label`;
  const listboxId = `${baseId}-listbox`;
  const comboboxId = `${baseId}-combobox`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const comboboxRef = useRef<HTMLElement | null>(null);
  const typeahead = useTypeahead();

  const selectedValues: readonly string[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const selected = new Set(selectedValues);
  const byValue = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);
  const selectedOptions = selectedValues.map((value) => byValue.get(value) ?? { value, label: value });
  const shown = useMemo(
    () => visibleOptions(options, searchable ? query : '', optionsLimit, filter),
    [options, searchable, query, optionsLimit, filter],
  );
  const max = props.multiple ? props.max : undefined;
  const maxReached = max !== undefined && selectedValues.length >= max;
  const active = open && activeIndex < shown.length ? activeIndex : -1;
  const activeId = active >= 0 ? optionDomId(listboxId, active) : undefined;
  const isUnavailable = (option: DropdownOption) =>
    Boolean(option.disabled) || (maxReached && !selected.has(option.value));

  const changeQuery = (next: string) => {
    setQuery(next);
    onSearchChange?.(next);
  };

  const openList = (to: 'selected' | 'first' | 'last' = 'selected') => {
    if (disabled) return;
    const chosen = shown.findIndex((option) => selected.has(option.value));
    const first = shown.length > 0 ? 0 : -1;
    setOpen(true);
    setActiveIndex(to === 'last' ? shown.length - 1 : to === 'first' || chosen < 0 ? first : chosen);
  };

  const close = () => {
    setOpen(false);
    if (query) changeQuery('');
  };

  const select = (option: DropdownOption) => {
    if (isUnavailable(option)) return;
    if (!props.multiple) {
      props.onChange(selected.has(option.value) && props.allowEmpty ? null : option.value);
      close();
      return;
    }
    props.onChange(
      selected.has(option.value)
        ? props.value.filter((value) => value !== option.value)
        : [...props.value, option.value],
    );
    if (query) {
      // The search is done once something is picked; keep the picked option active in the full list.
      changeQuery('');
      setActiveIndex(visibleOptions(options, '', optionsLimit, filter).indexOf(option));
    }
  };

  const remove = (value: string) => {
    if (!props.multiple) return;
    props.onChange(props.value.filter((item) => item !== value));
    comboboxRef.current?.focus();
  };

  // Escape is taken in the capture phase: a dialog around the dropdown listens on its own element
  // and would otherwise close together with the list.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || disabled) return;
    if (open) close();
    else if (searchable && query) changeQuery('');
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const moveTo = (index: number) => {
    if (!open) setOpen(true);
    setActiveIndex(Math.min(Math.max(index, 0), shown.length - 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    const { key } = event;
    const page = Math.max(1, Math.floor(maxHeight / optionHeight));
    const printable = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openList(key === 'ArrowUp' && !event.altKey ? 'last' : 'selected');
      else if (key === 'ArrowUp' && event.altKey) close();
      else moveTo(active + (key === 'ArrowDown' ? 1 : -1));
    } else if ((key === 'Home' || key === 'End') && (open || !searchable)) {
      // In a closed text field Home and End still move the caret.
      event.preventDefault();
      moveTo(key === 'Home' ? 0 : shown.length - 1);
    } else if ((key === 'PageDown' || key === 'PageUp') && open) {
      event.preventDefault();
      moveTo(active + (key === 'PageDown' ? page : -page));
    } else if (key === 'Enter' || (key === ' ' && !searchable && !typeahead.pending())) {
      const option = shown[active];
      if (open && option) {
        event.preventDefault();
        select(option);
      } else if (!searchable) {
        event.preventDefault();
        openList();
      }
    } else if (key === 'Tab') {
      if (open) close();
    } else if (key === 'Backspace' && props.multiple && searchable && query === '' && props.value.length > 0) {
      props.onChange(props.value.slice(0, -1));
    } else if (printable && !searchable) {
      event.preventDefault();
      const index = typeaheadIndex(shown, typeahead.type(key), active);
      if (index >= 0) moveTo(index);
      else if (!open) openList();
    }
  };

  const selectedLabel = props.multiple ? '' : (selectedOptions[0]?.label ?? '');
  const defaultPlaceholder = placeholder ?? t('selectPlaceholder');

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    let next = event.target.value;
    // A closed single field shows the chosen label; what is typed after it starts a new search.
    if (!open && selectedLabel && next.startsWith(selectedLabel)) next = next.slice(selectedLabel.length);
    changeQuery(next);
    setOpen(true);
    setActiveIndex(0);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  // A click on the box around the field (padding, chevron) acts on the field.
  const onControlMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled || event.target !== event.currentTarget) return;
    event.preventDefault();
    comboboxRef.current?.focus();
    if (open) close();
    else openList();
  };

  const notice = !open
    ? ''
    : maxReached
      ? t('maxSelected', { count: max, options: plural(max, t('optionForms')) })
      : shown.length > 0
        ? ''
        : query.trim()
          ? t('noResults')
          : t('listEmpty');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: notices focus leaving the whole widget
    <div ref={rootRef} className={cx(styles.dropdown, className)} onBlur={onBlur}>
      {searchable ? (
        <label id={labelId} htmlFor={comboboxId} className={hideLabel ? 'visually-hidden' : styles.label}>
          {label}
        </label>
      ) : (
        // A div combobox cannot be a label's target: the label is a name source and a click target.
        // biome-ignore lint/a11y/noStaticElementInteractions: the combobox itself is keyboard reachable
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <span
          id={labelId}
          className={hideLabel ? 'visually-hidden' : styles.label}
          onClick={() => comboboxRef.current?.focus()}
        >
          {label}
        </span>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse convenience around a focusable field */}
      <div
        className={cx(styles.control, open && styles.open, disabled && styles.disabled, invalid && styles.invalid)}
        onMouseDown={onControlMouseDown}
      >
        {props.multiple && (
          <SelectedTags
            items={selectedOptions}
            limit={props.visibleItemsLimit ?? DROPDOWN_VISIBLE_ITEMS_LIMIT}
            onRemove={remove}
            disabled={disabled}
          />
        )}
        {searchable ? (
          <input
            id={comboboxId}
            role="combobox"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onKeyDown={onKeyDown}
            onKeyDownCapture={onKeyDownCapture}
            ref={(element) => {
              comboboxRef.current = element;
            }}
            type="text"
            className={styles.input}
            value={props.multiple || open ? query : selectedLabel}
            placeholder={
              props.multiple && selectedValues.length > 0
                ? ''
                : open && selectedLabel
                  ? selectedLabel
                  : defaultPlaceholder
            }
            aria-autocomplete="list"
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            onChange={onInputChange}
            onClick={() => {
              if (!open) openList();
            }}
          />
        ) : (
          <div
            id={comboboxId}
            role="combobox"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onKeyDown={onKeyDown}
            onKeyDownCapture={onKeyDownCapture}
            ref={(element) => {
              comboboxRef.current = element;
            }}
            tabIndex={disabled ? -1 : 0}
            className={styles.select}
            aria-labelledby={labelId}
            aria-haspopup="listbox"
            aria-disabled={disabled || undefined}
            // Enter, Space and the arrows open it too (onKeyDown)
            onClick={() => (open ? close() : openList())}
          >
            {selectedLabel ||
              (selectedValues.length === 0 && <span className={styles.placeholder}>{defaultPlaceholder}</span>)}
          </div>
        )}
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <OptionList
        listboxId={listboxId}
        labelId={labelId}
        open={open}
        options={shown}
        active={active}
        multiple={Boolean(props.multiple)}
        notice={notice}
        maxHeight={maxHeight}
        optionHeight={optionHeight}
        isSelected={(option) => selected.has(option.value)}
        isUnavailable={isUnavailable}
        canRemove={(option) => selected.has(option.value) && Boolean(props.multiple || props.allowEmpty)}
        onSelect={select}
        onActivate={setActiveIndex}
      />
    </div>
  );
}
