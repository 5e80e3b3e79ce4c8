import { useTranslation } from '@lab/i18n';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { cx } from '../cx';
import { type IsoDate, isoToDisplay, maskDate } from '../format/date';
import { UI_NAMESPACE } from '../i18n';
import styles from './DateField.module.css';
import { type DateInputError, evaluateDateText } from './evaluateDateText';

export interface DateInputChange {
  /** What the field shows now. */
  text: string;
  error: DateInputError | null;
}

export interface DateInputProps {
  /** Text, or text with a mark (a required field's asterisk). */
  label: ReactNode;
  hideLabel?: boolean;
  /** `YYYY-MM-DD`, or '' / null for none. */
  value: IsoDate | '' | null;
  /** Gets `YYYY-MM-DD` once a real date within min..max is typed, '' otherwise. */
  onChange: (value: IsoDate | '', change: DateInputChange) => void;
  onBlur?: () => void;
  /** Inclusive bounds, `YYYY-MM-DD`. */
  min?: IsoDate;
  max?: IsoDate;
  /** The form's own message (server, required ...); replaces the built-in invalid-date text. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  /** e.g. `bday` on the registration form. */
  autoComplete?: string;
  /** Inside the field box after the text: the picker's calendar button. */
  addon?: ReactNode;
  className?: string;
}

/**
 * The masked date field of docs/product.md#validation: typed as DD.MM.YYYY (2-2-4), reported as YYYY-MM-DD.
 * An impossible or out-of-range date shows the localized "Invalid Date"; editing clears it.
 */
export function DateInput({
  label,
  hideLabel = false,
  value,
  onChange,
  onBlur,
  min,
  max,
  error,
  required,
  disabled,
  id,
  name,
  autoComplete = 'off',
  addon,
  className,
}: DateInputProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [text, setText] = useState(() => isoToDisplay(value));
  const [left, setLeft] = useState(false);
  const [seenValue, setSeenValue] = useState(value);

  // A new value from outside (the calendar, a form reset) replaces the text, unless it is the one
  // this field has just reported.
  if (value !== seenValue) {
    setSeenValue(value);
    const own = evaluateDateText(text, min, max).value;
    if ((value ?? '') !== own) {
      if (value) setText(isoToDisplay(value));
      else if (own) setText('');
    }
  }

  const result = evaluateDateText(text, min, max);
  const unfinished = left && text !== '' && !result.complete;
  const message = error || (result.error || unfinished ? t('invalidDate') : null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = maskDate(event.target.value);
    setText(next);
    setLeft(false);
    const evaluated = evaluateDateText(next, min, max);
    onChange(evaluated.value, { text: next, error: evaluated.error });
  };

  const handleBlur = () => {
    setLeft(true);
    if (text !== '' && !result.complete) onChange('', { text, error: 'invalid' });
    onBlur?.();
  };

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={cx(styles.box, message && styles.invalid, disabled && styles.disabled)}>
        <input
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={t('datePlaceholder')}
          maxLength={10}
          className={styles.input}
          value={text}
          required={required}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={handleChange}
          onBlur={handleBlur}
        />
        {addon}
      </div>
      {message && (
        <p id={errorId} role="alert" className={styles.error}>
          {message}
        </p>
      )}
    </div>
  );
}
