import { useTranslation } from '@lab/i18n';
import { Button } from '@lab/ui';
import type { RefObject } from 'react';
import { assignFocus } from '../../lib/focusRef';
import styles from '../../lib/form.module.css';

type Props = {
  /** Sign-in started at the checkout: the button goes back to it. */
  fromCheckout: boolean;
  focusRef: RefObject<HTMLElement | null>;
  onDone: () => void;
};

/** Stage 4: the account exists and the patient is signed in. */
export function SuccessStage({ fromCheckout, focusRef, onDone }: Props) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.form}>
      <svg
        className={styles.successIcon}
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.15" />
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <p className={styles.lead}>{t('success.text')}</p>
      <div className={styles.actions}>
        <Button ref={assignFocus(focusRef)} size="lg" fullWidth onClick={onDone}>
          {t(fromCheckout ? 'success.checkoutAccept' : 'success.registrationAccept')}
        </Button>
      </div>
    </div>
  );
}
