import { api, isApiError, keysOf, useGenders, type Ward, type WardBody } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { addDays, BIRTH_DATE_AFTER, Button, cx, DatePicker, fieldStyles, isValidBirthDate, todayInKyiv } from '@lab/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { fullName, messageOf } from '../../lib';
import styles from './Personal.module.css';

type Field = 'lastName' | 'firstName' | 'middleName' | 'birthDay' | 'genderId';
export type WardDraft = {
  lastName: string;
  firstName: string;
  middleName: string;
  /** `YYYY-MM-DD`, or '' while none (or no real date) is typed. */
  birthDay: string;
  /** Something was typed in the date field that is not a date. */
  birthDayTyped: boolean;
  /** '' while none is chosen. */
  genderId: string;
};
type Errors = Partial<Record<Field, string>>;
const EMPTY: WardDraft = {
  lastName: '',
  firstName: '',
  middleName: '',
  birthDay: '',
  birthDayTyped: false,
  genderId: '',
};
const FIELDS: readonly Field[] = ['lastName', 'firstName', 'middleName', 'birthDay', 'genderId'];

/** The form's own checks (docs/product.md#validation): required names without digits, a real birth date, a gender. */
export function validateWard(draft: WardDraft, today = todayInKyiv()): Errors {
  const errors: Errors = {};
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

/** An existing ward's data as the form starts with it (the gender is matched by code once genders load). */
function draftOf(ward: Ward | undefined): WardDraft {
  if (!ward) return EMPTY;
  const data = ward.userData;
  return {
    ...EMPTY,
    lastName: data.lastName,
    firstName: data.firstName,
    middleName: data.middleName ?? '',
    birthDay: data.birthDay ?? '',
  };
}

type Props = {
  /** The ward to edit; none adds a new one. */
  ward?: Ward;
  /** After the server saved it and the lists were refreshed. */
  onSaved: (ward: Ward) => void;
  onCancel: () => void;
};

/** A ward's names, birth date and gender: one form for adding a ward and for editing one. */
export function WardForm({ ward, onSaved, onCancel }: Props) {
  const { t } = useTranslation('account');
  const genders = useGenders();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<WardDraft>(() => draftOf(ward));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const firstFieldRef = useRef<HTMLInputElement>(null);
  // a new object on each refused submit, so the same field is focused again
  const [invalid, setInvalid] = useState<{ field: Field } | null>(null);
  const today = todayInKyiv();
  const idOf = (field: Field) => `${base}-${field}`;

  // the form opens in place of the button that opened it: the focus goes to its first field
  useEffect(() => firstFieldRef.current?.focus(), []);
  // a refused submit takes the focus to the first field in error, once its message is on the page
  useEffect(() => {
    if (invalid) document.getElementById(`${base}-${invalid.field}`)?.focus();
  }, [invalid, base]);

  const enabledGenders = (genders.data ?? []).filter((gender) => gender.enabled);
  // a radio cannot be unchosen, so '' means "not touched": the ward's recorded gender stands
  const recordedGender = enabledGenders.find((gender) => gender.code === ward?.userData.gender);
  const current: WardDraft = {
    ...draft,
    genderId: draft.genderId || (recordedGender ? String(recordedGender.id) : ''),
  };

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
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined })); // errors clear on edit (docs/product.md#validation)
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateWard(current, today);
    const first = FIELDS.find((field) => found[field]);
    setErrors(found);
    setFormError(null);
    if (first) return setInvalid({ field: first });
    const body: WardBody = {
      lastName: current.lastName.trim(),
      firstName: current.firstName.trim(),
      birthDay: current.birthDay,
      genderId: Number(current.genderId),
      ...(current.middleName.trim() ? { middleName: current.middleName.trim() } : {}),
    };
    setBusy(true);
    try {
      const saved = ward ? await api.patient.updateWard(ward.id, body) : await api.patient.createWard(body);
      await mutate(keysOf('wards', 'patient-self'));
      onSaved(saved);
    } catch (failure) {
      const field = isApiError(failure) ? (failure.field as Field | undefined) : undefined;
      if (field && FIELDS.includes(field)) {
        setErrors({ [field]: messageOf(failure, t) });
        setInvalid({ field });
      } else setFormError(messageOf(failure, t));
      setBusy(false);
    }
  };

  const textField = (field: 'lastName' | 'firstName' | 'middleName') => {
    const error = message(field);
    return (
      <div className={fieldStyles.field}>
        <label htmlFor={idOf(field)} className={fieldStyles.label}>
          {t(`details.${field}`)}
          {field === 'middleName' && <span className={styles.muted}> ({t('wards.optional')})</span>}
        </label>
        <input
          ref={field === 'lastName' ? firstFieldRef : undefined}
          id={idOf(field)}
          className={fieldStyles.input}
          value={draft[field]}
          autoComplete="off"
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

  return (
    <form className={styles.wardForm} onSubmit={submit} noValidate aria-labelledby={`${base}-form-title`}>
      <h3 id={`${base}-form-title`} className={styles.formTitle}>
        {ward ? t('wards.editTitle', { name: fullName(ward.userData) }) : t('wards.formTitle')}
      </h3>
      <div className={styles.formGrid}>
        {textField('lastName')}
        {textField('firstName')}
        {textField('middleName')}
        <div className={fieldStyles.field}>
          <DatePicker
            id={idOf('birthDay')}
            label={t('details.birthDay')}
            value={draft.birthDay}
            min={addDays(BIRTH_DATE_AFTER, 1)}
            max={today}
            today={today}
            required
            error={message('birthDay')}
            onChange={(value, change) => {
              setDraft((previous) => ({ ...previous, birthDay: value, birthDayTyped: change.text !== '' }));
              setErrors((previous) => ({ ...previous, birthDay: undefined }));
            }}
          />
        </div>
      </div>
      <fieldset className={styles.genders} aria-describedby={`${base}-gender-error`}>
        <legend className={cx(fieldStyles.label, styles.legend)}>{t('details.gender')}</legend>
        <div className={styles.genderOptions}>
          {enabledGenders.map((gender, index) => (
            <label key={gender.id} className={styles.genderOption}>
              <input
                id={index === 0 ? idOf('genderId') : undefined}
                type="radio"
                name={`${base}-gender`}
                value={gender.id}
                checked={current.genderId === String(gender.id)}
                onChange={() => set('genderId', String(gender.id))}
              />
              {gender.title}
            </label>
          ))}
        </div>
        <p id={`${base}-gender-error`} className={styles.error}>
          {message('genderId')}
        </p>
      </fieldset>
      <p className={styles.error} role="alert">
        {formError}
      </p>
      <div className={styles.buttons}>
        <Button type="submit" loading={busy}>
          {ward ? t('wards.update') : t('wards.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('wards.cancel')}
        </Button>
      </div>
    </form>
  );
}
