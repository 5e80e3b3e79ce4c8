import { cx, fieldStyles } from '@lab/ui';
import type { ReactNode } from 'react';
import styles from './Checkout.module.css';

/** The message under a field; its id is what the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  multiline?: boolean;
  /** Marks the field optional in its label. */
  optionalText?: string;
  className?: string;
};

/** A labelled text input (or textarea) with its message; editing is reported as the new value. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  maxLength,
  autoComplete = 'off',
  multiline = false,
  optionalText,
  className,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    maxLength,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cx(fieldStyles.input, multiline && styles.textarea),
  } as const;
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
        {optionalText && <span className={styles.optional}> ({optionalText})</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type Choice<T extends string> = { value: T; label: ReactNode; hint?: ReactNode; disabled?: boolean };

type ChoiceGroupProps<T extends string> = {
  /** Names the radios; the first radio gets `${name}` as its id, so an error can focus it. */
  name: string;
  legend: string;
  hideLegend?: boolean;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string | undefined;
  /** `cards` for the big choices (who, where, how to pay), `chips` for times. */
  look?: 'cards' | 'chips';
  className?: string;
};

/** A radio group in a fieldset (native radios: arrow keys move between them). */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  hideLegend = false,
  choices,
  value,
  onChange,
  error,
  look = 'cards',
  className,
}: ChoiceGroupProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={cx(styles.fieldset, className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      <div className={look === 'chips' ? styles.chips : styles.cards}>
        {choices.map((choice, index) => {
          const id = index === 0 ? name : `${name}-${choice.value}`;
          const hintId = `${id}-hint`;
          return (
            <label key={choice.value} className={cx(look === 'chips' ? styles.chip : styles.card)} htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                disabled={choice.disabled}
                aria-describedby={choice.hint ? hintId : undefined}
                onChange={() => onChange(choice.value)}
              />
              <span className={styles.choiceText}>
                <span>{choice.label}</span>
                {choice.hint && (
                  <span id={hintId} className={styles.hint}>
                    {choice.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

type CheckboxProps = {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
};

export function Checkbox({ id, checked, onChange, children, error }: CheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
