import { Button, fieldStyles } from '@lab/ui';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTexts } from '../../lib/i18n';
import styles from './SignIn.module.css';

export interface SignInProps {
  /** checks the token (GET /v1/whoami); rejects with the API's refusal */
  onSignIn: (token: string) => Promise<void>;
  onError: (error: unknown) => void;
  onStatus: (text: string) => void;
}

/** The team token's form: the token stays in this tab and goes only to the deploy API. */
export function SignIn({ onSignIn, onError, onStatus }: SignInProps) {
  const { t } = useTexts();
  const input = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = input.current?.value.trim() ?? '';
    if (!token) {
      setInvalid(true);
      onError(new ApiError(401, 'token-missing', ''));
      input.current?.focus();
      return;
    }
    setBusy(true);
    onStatus(t('signIn.checking'));
    try {
      await onSignIn(token);
    } catch (error) {
      setInvalid(true);
      setBusy(false);
      onStatus('');
      onError(error);
      input.current?.focus();
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('signIn.lead')}</p>
      <label htmlFor="token">{t('signIn.token')}</label>
      <input
        ref={input}
        id="token"
        className={fieldStyles.input}
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        aria-invalid={invalid || undefined}
        aria-describedby="token-hint"
      />
      <p id="token-hint" className={styles.hint}>
        {t('signIn.hint')}
      </p>
      <Button type="submit" className={styles.submit} loading={busy}>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
