import { api, isApiError, useGenders, type Ward } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { addDays, BIRTH_DATE_AFTER, Button, DatePicker, Modal, todayInKyiv } from '@lab/ui';
import { type FormEvent, useId, useState } from 'react';
import styles from './Checkout.module.css';
import { ChoiceGroup, TextField } from './fields';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The new ward, registered in the family account. */
  onAdded: (ward: Ward) => void;
};

type Field = 'lastName' | 'firstName' | 'middleName' | 'birthDay' | 'genderId';
type Errors = Partial<Record<Field, string>>;
const NAME_FIELDS = ['lastName', 'firstName', 'middleName'] as const;
const FIELD_ORDER: readonly Field[] = [...NAME_FIELDS, 'birthDay', 'genderId'];

/** docs/product.md#validation name rules: required (the middle name here optional), no digits. */
function nameError(value: string, required: boolean): 'required' | 'nameDigits' | undefined {
  const name = value.trim();
  if (name === '') return required ? 'required' : undefined;
  return /\d/.test(name) ? 'nameDigits' : undefined;
}

/**
 * Adds a ward (a relative in the family account, `POST /patient/patients/self/wards`) from the
 * checkout's "for whom" choice. A dialog with its own form, so it never submits the checkout.
 */
export function AddWardDialog({ open, onClose, onAdded }: Props) {
  const { t } = useTranslation('cartCheckout');
  const genders = useGenders();
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const [names, setNames] = useState({ lastName: '', firstName: '', middleName: '' });
  const [birthDay, setBirthDay] = useState('');
  const [birthInvalid, setBirthInvalid] = useState(false);
  const [genderId, setGenderId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = todayInKyiv();
  const min = addDays(BIRTH_DATE_AFTER, 1);

  const clear = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const close = () => {
    setNames({ lastName: '', firstName: '', middleName: '' });
    setBirthDay('');
    setBirthInvalid(false);
    setGenderId(null);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the dialog is rendered outside the checkout form, but React events still bubble to it
    event.stopPropagation();
    if (busy) return;
    const found: Errors = {};
    for (const field of NAME_FIELDS) {
      const error = nameError(names[field], field !== 'middleName');
      if (error) found[field] = t(`errors.${error}`);
    }
    if (birthInvalid) found.birthDay = t('errors.birthDayInvalid');
    else if (!birthDay) found.birthDay = t('errors.required');
    if (!genderId) found.genderId = t('errors.chooseGender');
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      const ward = await api.patient.createWard({
        lastName: names.lastName.trim(),
        firstName: names.firstName.trim(),
        middleName: names.middleName.trim() || null,
        birthDay,
        genderId: Number(genderId),
      });
      onAdded(ward);
      close();
    } catch (error) {
      setFormError(isApiError(error) && error.status > 0 ? error.message : t('ward.failed'));
    } finally {
      setBusy(false);
    }
  };

  const genderChoices = (genders.data ?? [])
    .filter((gender) => gender.enabled)
    .map((gender) => ({ value: String(gender.id), label: gender.title }));

  return (
    <Modal open={open} onClose={close} title={t('ward.title')}>
      <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
        {NAME_FIELDS.map((field) => (
          <TextField
            key={field}
            id={idOf(field)}
            label={t(`ward.${field}`)}
            value={names[field]}
            required={field !== 'middleName'}
            optionalText={field === 'middleName' ? t('checkout.optional') : undefined}
            maxLength={100}
            autoComplete="off"
            error={errors[field]}
            onChange={(value) => {
              setNames((current) => ({ ...current, [field]: value }));
              clear(field);
            }}
          />
        ))}
        <DatePicker
          id={idOf('birthDay')}
          label={t('ward.birthDay')}
          value={birthDay}
          min={min}
          max={today}
          required
          error={errors.birthDay ?? null}
          onChange={(value, change) => {
            setBirthDay(value);
            setBirthInvalid(change.error !== null);
            clear('birthDay');
          }}
        />
        <ChoiceGroup
          name={idOf('genderId')}
          legend={t('ward.gender')}
          look="chips"
          choices={genderChoices}
          value={genderId}
          error={errors.genderId}
          onChange={(value) => {
            setGenderId(value);
            clear('genderId');
          }}
        />
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close}>
            {t('ward.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('ward.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
