import { api, keysOf, type PhoneCandidateResponse } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import {
  Button,
  cardStyles,
  cx,
  fieldStyles,
  formatPhone,
  maskPhone,
  PHONE_MASK,
  phoneToInternational,
  useCountdown,
  useTransientMessage,
  validatePhone,
} from '@lab/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { messageOf } from '../../lib';
import styles from './Personal.module.css';

/** In the code step, `sent` is the answer to the latest SMS: each new one restarts the resend countdown. */
type Step = { stage: 'idle' } | { stage: 'phone' } | { stage: 'code'; phone: string; sent: PhoneCandidateResponse };

/**
 * docs/product.md#sign-in: "Phone change in personal data: request a candidate phone, then approve by code",
 * with the sign-in's resend timer: from timeToNextSend down to 0, then a resend link that restarts it.
 */
export function PhoneChange({ current }: { current: string }) {
  const { t } = useTranslation('account');
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState<Step>({ stage: 'idle' });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendFailure, showResendFailure] = useTransientMessage();
  const [resent, setResent] = useState(false);
  const secondsLeft = useCountdown(step.stage === 'code' ? step.sent.timeToNextSend : 0, step);
  const phoneId = useId();
  const codeId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  // each step puts the focus in its field
  useEffect(() => {
    if (step.stage !== 'idle') fieldRef.current?.focus();
  }, [step]);

  const sendPhone = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validatePhone(phone);
    if (invalid) return setError(t(invalid === 'empty' ? 'errors.empty' : 'phone.invalid'));
    const international = phoneToInternational(phone);
    setBusy(true);
    try {
      const sent = await api.patient.requestPhoneChange(international);
      setError(null);
      setCode('');
      setResent(false);
      setStep({ stage: 'code', phone: international, sent });
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const approve = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{4}$/.test(code)) return setError(t(code ? 'phone.codeInvalid' : 'errors.empty'));
    setBusy(true);
    try {
      await api.patient.approvePhoneChange(code);
      await mutate(keysOf('patient-self', 'session'));
      setStep({ stage: 'idle' });
      setPhone('');
      setError(null);
      setDone(true);
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (step.stage !== 'code' || resending) return;
    setResending(true);
    try {
      const sent = await api.patient.requestPhoneChange(step.phone);
      // the earlier code no longer counts; the new step restarts the countdown and refocuses the field
      setCode('');
      setError(null);
      setResent(true);
      setStep({ ...step, sent });
    } catch (failure) {
      // docs/product.md#errors: a failed resend shows the server's message for 3 s; the typed code stays
      showResendFailure(messageOf(failure, t));
    } finally {
      setResending(false);
    }
  };

  const cancel = () => {
    setStep({ stage: 'idle' });
    setError(null);
    setPhone('');
    setCode('');
  };

  return (
    <section className={cx(cardStyles.card, styles.card)} aria-labelledby="phone-title">
      <h2 id="phone-title" className={styles.cardTitle}>
        {t('phone.title')}
      </h2>
      <p className={styles.line}>
        {t('phone.current')}: <strong className={styles.nowrap}>{formatPhone(current) ?? current}</strong>
      </p>
      <p className={styles.success} role="status">
        {done && step.stage === 'idle' ? t('phone.changed') : null}
      </p>
      {step.stage === 'idle' && (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setDone(false);
              setStep({ stage: 'phone' });
            }}
          >
            {t('phone.change')}
          </Button>
        </div>
      )}
      {step.stage === 'phone' && (
        <form className={styles.form} onSubmit={sendPhone} noValidate>
          <div className={fieldStyles.field}>
            <label htmlFor={phoneId} className={fieldStyles.label}>
              {t('phone.newLabel')}
            </label>
            <input
              ref={fieldRef}
              id={phoneId}
              className={fieldStyles.input}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={PHONE_MASK.replace(/#/g, '_')}
              value={phone}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => {
                setPhone(maskPhone(event.target.value));
                setError(null);
              }}
            />
            <p id={errorId} className={styles.error} aria-live="assertive">
              {error}
            </p>
          </div>
          <div className={styles.buttons}>
            <Button type="submit" loading={busy}>
              {t('phone.sendCode')}
            </Button>
            <Button variant="ghost" onClick={cancel}>
              {t('phone.cancel')}
            </Button>
          </div>
        </form>
      )}
      {step.stage === 'code' && (
        <form className={styles.form} onSubmit={approve} noValidate>
          <p className={styles.line}>{t('phone.codeSent', { phone: formatPhone(step.phone) ?? step.phone })}</p>
          <div className={fieldStyles.field}>
            <label htmlFor={codeId} className={fieldStyles.label}>
              {t('phone.codeLabel')}
            </label>
            <input
              ref={fieldRef}
              id={codeId}
              className={cx(fieldStyles.input, styles.code)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 4));
                setError(null);
                setResent(false);
              }}
            />
            <p id={errorId} className={styles.error} aria-live="assertive">
              {error}
            </p>
          </div>
          <div className={styles.resend}>
            {secondsLeft > 0 ? (
              <p className={styles.hint}>{t('phone.resendIn', { seconds: secondsLeft })}</p>
            ) : (
              <Button variant="link" loading={resending} onClick={() => void resend()}>
                {t('phone.resend')}
              </Button>
            )}
          </div>
          <p className={styles.error} aria-live="assertive">
            {resendFailure}
          </p>
          <p className={styles.success} role="status">
            {resent ? t('phone.resent') : null}
          </p>
          <div className={styles.buttons}>
            <Button type="submit" loading={busy}>
              {t('phone.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setStep({ stage: 'phone' })}>
              {t('phone.otherNumber')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
