import { api, keysOf } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, formatPhone, maskPhone, PHONE_MASK, phoneToInternational, validatePhone } from '@lab/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { messageOf } from '../../lib';
import styles from './Personal.module.css';

type Step = { stage: 'idle' } | { stage: 'phone' } | { stage: 'code'; phone: string };

/** Spec section 4: "Phone change in personal data: request a candidate phone, then approve by code." */
export function PhoneChange({ current }: { current: string }) {
  const { t } = useTranslation('account');
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState<Step>({ stage: 'idle' });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
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
      await api.patient.requestPhoneChange(international);
      setError(null);
      setCode('');
      setStep({ stage: 'code', phone: international });
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

  const cancel = () => {
    setStep({ stage: 'idle' });
    setError(null);
    setPhone('');
    setCode('');
  };

  return (
    <section className={styles.card} aria-labelledby="phone-title">
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
          <div className={styles.field}>
            <label htmlFor={phoneId} className={styles.label}>
              {t('phone.newLabel')}
            </label>
            <input
              ref={fieldRef}
              id={phoneId}
              className={styles.input}
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
          <div className={styles.field}>
            <label htmlFor={codeId} className={styles.label}>
              {t('phone.codeLabel')}
            </label>
            <input
              ref={fieldRef}
              id={codeId}
              className={`${styles.input} ${styles.code}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 4));
                setError(null);
              }}
            />
            <p id={errorId} className={styles.error} aria-live="assertive">
              {error}
            </p>
          </div>
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
