import { api, type PhoneData } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, fieldStyles, maskPhone, PHONE_MASK, phoneToInternational, validatePhone } from '@lab/ui';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { assignFocus } from '../../lib/focusRef';
import styles from '../../lib/form.module.css';
import { useServerMessage } from '../../lib/useServerMessage';

type Props = {
  /** The phone in international form (+380XXXXXXXXX) and the server's answer. */
  onSent: (phone: string, data: PhoneData) => void;
  focusRef: RefObject<HTMLElement | null>;
  /** Sign-in was asked for by the checkout: say why it is needed. */
  checkoutLogin: boolean;
};

/** Stage 1: the phone, masked +38 (0##) ###-##-##; the server's message shows under the field. */
export function PhoneStage({ onSent, focusRef, checkoutLogin }: Props) {
  const { t } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const invalid = validatePhone(phone);
    if (invalid) return setError(t(invalid === 'empty' ? 'errors.empty' : 'errors.phoneInvalid'));
    const international = phoneToInternational(phone);
    setSending(true);
    try {
      const data = await api.auth.sendPhone(international);
      onSent(international, data);
    } catch (failure) {
      setError(serverMessage(failure));
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {checkoutLogin && <p className={styles.lead}>{t('phone.checkoutNote')}</p>}
      <div className={fieldStyles.field}>
        <label htmlFor={inputId} className={fieldStyles.label}>
          {t('phone.label')}
        </label>
        <input
          ref={assignFocus(focusRef)}
          id={inputId}
          name="phone"
          className={fieldStyles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_MASK.replace(/#/g, '_')}
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${errorId} ${hintId}`}
          onChange={(event) => {
            setPhone(maskPhone(event.target.value));
            setError(null); // errors clear when the user edits the field (docs/product.md#validation)
          }}
        />
        <p id={errorId} className={styles.error} aria-live="assertive">
          {error}
        </p>
        <p id={hintId} className={styles.hint}>
          {t('phone.hint')}
        </p>
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={sending}>
          {t('phone.submit')}
        </Button>
      </div>
    </form>
  );
}
