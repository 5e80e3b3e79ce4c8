import { api, isApiError, keysOf, useGenders, useWards, type WardBody } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import {
  addDays,
  BIRTH_DATE_AFTER,
  Button,
  DatePicker,
  ErrorState,
  isoToDisplay,
  isValidBirthDate,
  Skeleton,
  todayInKyiv,
} from '@lab/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Busy, fullName, messageOf, statusOf } from '../../lib';
import styles from './Personal.module.css';

type Field = 'lastName' | 'firstName' | 'middleName' | 'birthDay' | 'genderId';
type Draft = {
  lastName: string;
  firstName: string;
  middleName: string;
  /** `YYYY-MM-DD`, or '' while none (or no real date) is typed. */
  birthDay: string;
  /** Something was typed in the date field that is not a date. */
  birthDayTyped: boolean;
  genderId: string;
};
const EMPTY: Draft = { lastName: '', firstName: '', middleName: '', birthDay: '', birthDayTyped: false, genderId: '' };
const FIELDS: readonly Field[] = ['lastName', 'firstName', 'middleName', 'birthDay', 'genderId'];

/** The form's own checks (spec section 5): required names without digits, a real birth date, a gender. */
export function validateWard(draft: Draft, today = todayInKyiv()): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['lastName', 'firstName', 'middleName'] as const) {
    const value = draft[field].trim();
    if (!value) {
      if (field !== 'middleName') errors[field] = 'required';
    } else if (/\d/.test(value)) errors[field] = 'digits';
  }
  if (!draft.birthDay) errors.birthDay = draft.birthDayTyped ? 'date' : 'required';
  else if (!isValidBirthDate(draft.birthDay, today)) errors.birthDay = 'date';
  if (!draft.genderId) errors.genderId = 'choose';
  return errors;
}

/** Relatives registered in the family account (spec section 6): listed, and added with a form. */
export function Wards() {
  const { t } = useTranslation('account');
  const wards = useWards();
  const genders = useGenders();
  const { mutate } = useSWRConfig();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const today = todayInKyiv();

  const message = (field: Field) => {
    const code = errors[field];
    if (!code) return null;
    if (code === 'required') return t('errors.empty');
    if (code === 'digits') return t('wards.noDigits');
    if (code === 'date') return t('wards.invalidDate');
    if (code === 'choose') return t('wards.chooseGender');
    return code; // the server's own message
  };

  const set = (field: Exclude<Field, 'birthDay'>, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined })); // errors clear on edit (spec section 5)
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateWard(draft, today);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const body: WardBody = {
      lastName: draft.lastName.trim(),
      firstName: draft.firstName.trim(),
      birthDay: draft.birthDay,
      genderId: Number(draft.genderId),
      ...(draft.middleName.trim() ? { middleName: draft.middleName.trim() } : {}),
    };
    setBusy(true);
    try {
      const ward = await api.patient.createWard(body);
      await mutate(keysOf('wards', 'patient-self'));
      setAdded(fullName(ward.userData));
      setDraft(EMPTY);
      setAdding(false);
      addButtonRef.current?.focus();
    } catch (failure) {
      const field = isApiError(failure) ? (failure.field as Field | undefined) : undefined;
      if (field && FIELDS.includes(field)) setErrors({ [field]: messageOf(failure, t) });
      else setFormError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const textField = (field: 'lastName' | 'firstName' | 'middleName', autoComplete: string) => {
    const error = message(field);
    return (
      <div className={styles.field}>
        <label htmlFor={`${base}-${field}`} className={styles.label}>
          {t(`details.${field}`)}
          {field === 'middleName' && <span className={styles.muted}> ({t('wards.optional')})</span>}
        </label>
        <input
          id={`${base}-${field}`}
          className={styles.input}
          value={draft[field]}
          autoComplete={autoComplete}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${base}-${field}-error`}
          onChange={(event) => set(field, event.target.value)}
        />
        <p id={`${base}-${field}-error`} className={styles.error}>
          {error}
        </p>
      </div>
    );
  };

  const genderError = message('genderId');
  const enabledGenders = (genders.data ?? []).filter((gender) => gender.enabled);

  return (
    <section className={styles.card} aria-labelledby="wards-title" id="wards">
      <h2 id="wards-title" className={styles.cardTitle}>
        {t('wards.title')}
      </h2>
      <p className={styles.line}>{t('wards.text')}</p>
      {wards.error ? (
        <ErrorState
          variant="compact"
          title={t('wards.loadFailed')}
          description={statusOf(wards.error, t)}
          onRetry={() => void wards.mutate()}
        />
      ) : !wards.data ? (
        <Busy>
          <Skeleton height={56} count={2} gap="var(--space-2)" />
        </Busy>
      ) : wards.data.length === 0 ? (
        <p className={styles.muted}>{t('wards.empty')}</p>
      ) : (
        <ul className={styles.wards}>
          {wards.data.map((ward) => (
            <li key={ward.id} className={styles.ward}>
              <span className={styles.wardName}>{fullName(ward.userData)}</span>
              <span className={styles.muted}>
                {[
                  ward.userData.birthDay && t('wards.born', { date: isoToDisplay(ward.userData.birthDay) }),
                  ward.userData.gender && t(`gender.${ward.userData.gender}`),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.success} role="status">
        {added ? t('wards.added', { name: added }) : null}
      </p>
      {!adding ? (
        <div>
          <Button
            ref={addButtonRef}
            variant="secondary"
            onClick={() => {
              setAdded(null);
              setAdding(true);
            }}
          >
            {t('wards.add')}
          </Button>
        </div>
      ) : (
        <form className={styles.wardForm} onSubmit={submit} noValidate aria-labelledby={`${base}-form-title`}>
          <h3 id={`${base}-form-title`} className={styles.formTitle}>
            {t('wards.formTitle')}
          </h3>
          <div className={styles.formGrid}>
            {textField('lastName', 'off')}
            {textField('firstName', 'off')}
            {textField('middleName', 'off')}
            <div className={styles.field}>
              <DatePicker
                label={t('details.birthDay')}
                value={draft.birthDay}
                min={addDays(BIRTH_DATE_AFTER, 1)}
                max={today}
                today={today}
                required
                error={message('birthDay')}
                onChange={(value, change) => {
                  setDraft((current) => ({ ...current, birthDay: value, birthDayTyped: change.text !== '' }));
                  setErrors((current) => ({ ...current, birthDay: undefined }));
                }}
              />
            </div>
          </div>
          <fieldset className={styles.genders} aria-describedby={`${base}-gender-error`}>
            <legend className={styles.label}>{t('details.gender')}</legend>
            <div className={styles.genderOptions}>
              {enabledGenders.map((gender) => (
                <label key={gender.id} className={styles.genderOption}>
                  <input
                    type="radio"
                    name={`${base}-gender`}
                    value={gender.id}
                    checked={draft.genderId === String(gender.id)}
                    onChange={() => set('genderId', String(gender.id))}
                  />
                  {gender.title}
                </label>
              ))}
            </div>
            <p id={`${base}-gender-error`} className={styles.error}>
              {genderError}
            </p>
          </fieldset>
          <p className={styles.error} role="alert">
            {formError}
          </p>
          <div className={styles.buttons}>
            <Button type="submit" loading={busy}>
              {t('wards.save')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setAdding(false);
                setDraft(EMPTY);
                setErrors({});
                setFormError(null);
              }}
            >
              {t('wards.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
