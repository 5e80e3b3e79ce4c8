import { api, type LocalizedName, type RegistrationPayload, useGenders } from '@lab/api';
import { languageTag, Trans, useLocale, useTranslation } from '@lab/i18n';
import {
  addDays,
  BIRTH_DATE_AFTER,
  Button,
  DatePicker,
  ErrorState,
  fieldStyles,
  Link,
  MIN_AGE,
  maxBirthDateForAge,
  parseDisplayDate,
  SkeletonText,
  useTransientMessage,
} from '@lab/ui';
import { type FocusEvent, type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { assignFocus } from '../../lib/focusRef';
import styles from '../../lib/form.module.css';
import { useServerMessage } from '../../lib/useServerMessage';
import { useCompleteSignIn } from '../session';
import own from './Registration.module.css';
import { validateBirthDay, validateName } from './validation';

type Props = {
  /** International form: the login after registration needs it. */
  phone: string;
  /** The approved registration. */
  registrationId: string;
  focusRef: RefObject<HTMLElement | null>;
  /** Registered and signed in. */
  onRegistered: () => void;
};

const NAME_FIELDS = ['lastName', 'firstName', 'middleName'] as const;
type NameField = (typeof NAME_FIELDS)[number];
type Field = NameField | 'birthDay' | 'genderId' | 'agreement';
type Errors = Partial<Record<Field, string>>;
/** The order in which errors are looked for, to focus the first one. */
const FIELD_ORDER: readonly Field[] = [...NAME_FIELDS, 'birthDay', 'genderId', 'agreement'];
const NAME_AUTOCOMPLETE: Record<NameField, string> = {
  lastName: 'family-name',
  firstName: 'given-name',
  middleName: 'additional-name',
};

/**
 * Stage 3: the new patient's profile (docs/product.md#entities and #validation). Names go keyed by the page language,
 * the birth date as YYYY-MM-DD; the code the server answers logs the patient in at once.
 */
export function RegistrationStage({ phone, registrationId, focusRef, onRegistered }: Props) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const serverMessage = useServerMessage();
  const completeSignIn = useCompleteSignIn();
  const genders = useGenders();
  const [names, setNames] = useState<Record<NameField, string>>({ lastName: '', firstName: '', middleName: '' });
  const [birthText, setBirthText] = useState('');
  const [birthValue, setBirthValue] = useState('');
  const [genderId, setGenderId] = useState<number | null>(null);
  const [agreed, setAgreed] = useState(false);
  // a person may truly have no patronymic: they say so, and the field is then neither asked nor sent
  const [noMiddleName, setNoMiddleName] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, showNotice] = useTransientMessage();
  const [busy, setBusy] = useState(false);
  // a registration is used once: when only the login after it failed, the retry logs in again
  const loginCode = useRef<string | null>(null);
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const errorIdOf = (field: Field) => `${baseId}-${field}-error`;

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const nameMessage = (value: string) => {
    const invalid = validateName(value);
    return invalid ? t(`errors.${invalid}`) : undefined;
  };
  const birthMessage = (text: string) => {
    const invalid = validateBirthDay(text);
    return invalid ? t(`errors.${invalid}`) : undefined;
  };

  const validate = (): Errors => ({
    lastName: nameMessage(names.lastName),
    firstName: nameMessage(names.firstName),
    middleName: noMiddleName ? undefined : nameMessage(names.middleName),
    birthDay: birthMessage(birthText),
    genderId: genderId === null ? t('errors.chooseOne') : undefined,
    agreement: agreed ? undefined : t('errors.required'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    const first = FIELD_ORDER.find((field) => found[field]);
    setErrors(found);
    const birthDay = parseDisplayDate(birthText);
    if (first || !birthDay || genderId === null) {
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    const tag = languageTag(locale);
    const localized = (value: string): LocalizedName => (tag === 'uk' ? { uk: value.trim() } : { ru: value.trim() });
    const profile: RegistrationPayload = {
      firstName: localized(names.firstName),
      lastName: localized(names.lastName),
      ...(noMiddleName ? {} : { middleName: localized(names.middleName) }),
      birthDay,
      genderId,
    };
    setBusy(true);
    showNotice(null);
    try {
      loginCode.current ??= (await api.auth.register(registrationId, profile)).code;
      await api.auth.login(phone, loginCode.current);
      await completeSignIn();
      onRegistered();
    } catch (failure) {
      showNotice(serverMessage(failure));
      setBusy(false);
    }
  };

  // The calendar opens under its field inside the modal's scrolling body: bring all of it into view.
  const revealPopup = (event: FocusEvent<HTMLFormElement>) => {
    const popup = event.target.closest('[role="dialog"]');
    if (popup && event.currentTarget.contains(popup)) popup.scrollIntoView?.({ block: 'nearest' });
  };

  const describedBy = (field: Field) => (errors[field] ? errorIdOf(field) : undefined);
  const errorText = (field: Field) => (
    <p id={errorIdOf(field)} className={styles.error} aria-live="assertive">
      {errors[field]}
    </p>
  );
  const genderOptions = genders.data?.filter((gender) => gender.enabled) ?? [];

  return (
    <form className={styles.form} onSubmit={submit} onFocus={revealPopup} noValidate>
      <p className={styles.lead}>{t('registration.intro')}</p>
      <p className={own.requiredNote}>{t('registration.requiredNote')}</p>
      {NAME_FIELDS.map((field, index) => (
        <div key={field} className={fieldStyles.field}>
          <label
            htmlFor={idOf(field)}
            className={
              field === 'middleName' && noMiddleName ? fieldStyles.label : `${fieldStyles.label} ${own.required}`
            }
          >
            {t(`registration.${field}`)}
          </label>
          <input
            ref={index === 0 ? assignFocus(focusRef) : undefined}
            id={idOf(field)}
            name={field}
            className={fieldStyles.input}
            type="text"
            autoComplete={NAME_AUTOCOMPLETE[field]}
            maxLength={100}
            value={names[field]}
            required={!(field === 'middleName' && noMiddleName)}
            disabled={field === 'middleName' && noMiddleName}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={describedBy(field)}
            onChange={(event) => {
              setNames((current) => ({ ...current, [field]: event.target.value }));
              clearError(field);
            }}
          />
          {errorText(field)}
          {field === 'middleName' && (
            <label className={own.agreement}>
              <input
                type="checkbox"
                name="noMiddleName"
                checked={noMiddleName}
                onChange={(event) => {
                  setNoMiddleName(event.target.checked);
                  if (event.target.checked) setNames((current) => ({ ...current, middleName: '' }));
                  clearError('middleName');
                }}
              />
              <span>{t('registration.noMiddleName')}</span>
            </label>
          )}
        </div>
      ))}

      <DatePicker
        id={idOf('birthDay')}
        name="birthDay"
        label={<span className={own.required}>{t('registration.birthDay')}</span>}
        required
        autoComplete="bday"
        value={birthValue}
        // the calendar offers only adults; typed dates outside get our message below
        min={addDays(BIRTH_DATE_AFTER, 1)}
        max={maxBirthDateForAge(MIN_AGE)}
        error={errors.birthDay ?? null}
        onChange={(value, change) => {
          setBirthValue(value);
          setBirthText(change.text);
          // a complete but unacceptable date is explained at once; any other edit clears the message
          setErrors((current) => ({ ...current, birthDay: change.error ? birthMessage(change.text) : undefined }));
        }}
      />

      <fieldset className={own.fieldset} aria-describedby={describedBy('genderId')}>
        <legend className={`${fieldStyles.label} ${own.required}`}>{t('registration.gender')}</legend>
        {genders.error ? (
          <ErrorState variant="compact" title={t('registration.gendersFailed')} onRetry={() => void genders.mutate()} />
        ) : genders.isLoading ? (
          <SkeletonText lines={1} />
        ) : (
          <div className={own.options}>
            {genderOptions.map((gender, index) => (
              <label key={gender.id} className={own.option}>
                <input
                  id={index === 0 ? idOf('genderId') : undefined}
                  type="radio"
                  name="genderId"
                  required
                  value={gender.id}
                  checked={genderId === gender.id}
                  aria-invalid={errors.genderId ? true : undefined}
                  onChange={() => {
                    setGenderId(gender.id);
                    clearError('genderId');
                  }}
                />
                {gender.title}
              </label>
            ))}
          </div>
        )}
        {errorText('genderId')}
      </fieldset>

      <div className={fieldStyles.field}>
        <label className={own.agreement}>
          <input
            id={idOf('agreement')}
            type="checkbox"
            name="agreement"
            required
            checked={agreed}
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={describedBy('agreement')}
            onChange={(event) => {
              setAgreed(event.target.checked);
              clearError('agreement');
            }}
          />
          <span className={own.required}>
            {/* the consent's text opens beside the form (a new tab), so nothing typed is lost */}
            <Trans
              t={t}
              i18nKey="registration.agreement"
              components={{ page: <ConsentLink note={t('registration.newTab')} /> }}
            />
          </span>
        </label>
        {errorText('agreement')}
      </div>

      <div className={styles.live} aria-live="assertive">
        {notice && <p className={styles.alert}>{notice}</p>}
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('registration.submit')}
        </Button>
      </div>
    </form>
  );
}

function ConsentLink({ note, children }: { note: string; children?: ReactNode }) {
  return (
    <Link to="/personal-data-consent" target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> ({note})</span>
    </Link>
  );
}
