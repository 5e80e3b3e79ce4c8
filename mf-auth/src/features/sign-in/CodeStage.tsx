import { api, isApiError, type PhoneData } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cx, fieldStyles, formatPhone, useCountdown, useTransientMessage } from '@lab/ui';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { assignFocus } from '../../lib/focusRef';
import styles from '../../lib/form.module.css';
import { useServerMessage } from '../../lib/useServerMessage';

import { useCompleteSignIn } from '../session';
import { CODE_LENGTH, codeDigits, validateCode } from './code';

type Props = {
  /** International form, as sent. */
  phone: string;
  /** The answer to the latest SMS sent: what the code is for, and when another may be sent. */
  sent: PhoneData;
  focusRef: RefObject<HTMLElement | null>;
  onResent: (sent: PhoneData) => void;
  /** A new patient's code was accepted: the registration form follows. */
  onApproved: (registrationId: string) => void;
  /** Signed in (and everything after sign-in done). */
  onSignedIn: () => void;
  onChangePhone: () => void;
};

/** The server refused the code itself (wrong, used, expired): the sms-invalid message. */
function isRejectedCode(failure: unknown): boolean {
  return (
    isApiError(failure) &&
    (failure.code === 'sms-invalid' ||
      (failure.status === 400 && (failure.field === 'code' || failure.field === 'password')))
  );
}

/**
 * Stage 2: the 4-digit SMS code. For a new patient it approves the registration; otherwise it is the
 * password of the login. A countdown from timeToNextSend guards the resend link.
 */
export function CodeStage({ phone, sent, focusRef, onResent, onApproved, onSignedIn, onChangePhone }: Props) {
  const { t } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const completeSignIn = useCompleteSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, showNotice] = useTransientMessage();
  const [resentNotice, showResentNotice] = useTransientMessage();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const secondsLeft = useCountdown(sent.timeToNextSend, sent);
  const inputId = useId();
  const errorId = useId();
  const sentToId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateCode(code);
    if (invalid) return setError(t(`errors.${invalid}`));
    setBusy(true);
    showNotice(null);
    try {
      if (sent.type === 'registration' && sent.source === 'patient') {
        const approved = await api.auth.approveRegistration(sent.id, code);
        onApproved(approved.id);
      } else {
        await api.auth.login(phone, code);
        await completeSignIn();
        onSignedIn();
      }
    } catch (failure) {
      if (isRejectedCode(failure)) setError(t('errors.smsInvalid'));
      else showNotice(serverMessage(failure));
      setBusy(false);
    }
  };

  const resend = async () => {
    if (resending) return;
    setResending(true);
    showNotice(null);
    try {
      const next = await api.auth.sendPhone(phone);
      setCode('');
      setError(null);
      showResentNotice(t('code.resent'));
      onResent(next);
      inputRef.current?.focus(); // the link goes away with the restarted countdown
    } catch (failure) {
      showNotice(serverMessage(failure));
    } finally {
      setResending(false);
    }
  };

  const focusInput = assignFocus(focusRef);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p id={sentToId} className={styles.lead}>
        {t('code.sentTo')} <strong className={styles.nowrap}>{formatPhone(phone) ?? phone}</strong>
      </p>
      <div className={fieldStyles.field}>
        <label htmlFor={inputId} className={fieldStyles.label}>
          {t('code.label')}
        </label>
        <input
          ref={(element) => {
            inputRef.current = element;
            focusInput(element);
          }}
          id={inputId}
          name="code"
          className={cx(fieldStyles.input, styles.code)}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          placeholder={'•'.repeat(CODE_LENGTH)}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${errorId} ${sentToId}`}
          onChange={(event) => {
            setCode(codeDigits(event.target.value));
            setError(null);
          }}
        />
        <p id={errorId} className={styles.error} aria-live="assertive">
          {error}
        </p>
      </div>
      <div className={styles.row}>
        {secondsLeft > 0 ? (
          <p className={styles.hint}>{t('code.resendIn', { seconds: secondsLeft })}</p>
        ) : (
          <Button variant="link" loading={resending} onClick={resend}>
            {t('code.resend')}
          </Button>
        )}
        <Button variant="link" onClick={onChangePhone}>
          {t('code.changePhone')}
        </Button>
      </div>
      <div className={styles.live} aria-live="assertive">
        {notice && <p className={styles.alert}>{notice}</p>}
      </div>
      <div className={styles.live} aria-live="polite">
        {resentNotice && <p className={styles.hint}>{resentNotice}</p>}
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('code.submit')}
        </Button>
      </div>
    </form>
  );
}
