import { ApiError, api } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, maskPhone, phoneToInternational, validatePhone } from '@lab/ui';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import styles from './SignIn.module.css';

type Props = { onSent: () => void; inputRef: RefObject<HTMLInputElement | null> };

/** Stage 1: the phone, masked +38 (0##) ###-##-##; the server's message shows under the field. */
export function PhoneStage({ onSent, inputRef }: Props) {
  const { t } = useTranslation('auth');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePhone(phone);
    if (invalid) return setError(t(`phone.errors.${invalid}`));
    setSending(true);
    try {
      await api.auth.sendPhone(phoneToInternational(phone));
      onSent();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code !== 'network' ? failure.message : t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        {t('phone.label')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+38 (0__) ___-__-__"
        value={phone}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          setPhone(maskPhone(event.target.value));
          setError(null); // errors clear when the user edits the field (spec section 5)
        }}
      />
      <p id={errorId} className={styles.error} aria-live="assertive">
        {error}
      </p>
      <p className={styles.hint}>{t('phone.hint')}</p>
      <Button type="submit" loading={sending}>
        {t('phone.submit')}
      </Button>
    </form>
  );
}
