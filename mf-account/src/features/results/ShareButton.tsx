import { useTranslation } from '@lab/i18n';
import { Button } from '@lab/ui';
import { useState } from 'react';
import styles from './Results.module.css';
import { type ShareData, type ShareOutcome, shareLink } from './share';

type Props = { data: ShareData };

/** "Share": the system share sheet or a copied link; a message says what happened. */
export function ShareButton({ data }: Props) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const problem = outcome === 'unavailable' || outcome === 'failed';

  return (
    <div className={styles.share}>
      <Button
        variant="secondary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setOutcome(null);
          setOutcome(await shareLink(data));
          setBusy(false);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {t('share.button')}
      </Button>
      {/* live regions exist before any message, or the first one is not announced */}
      <p className={styles.shareNote} role="status">
        {outcome === 'shared' || outcome === 'copied' ? t(`share.${outcome}`) : null}
      </p>
      <p className={styles.shareProblem} role="alert">
        {problem ? t(`share.${outcome}`) : null}
      </p>
    </div>
  );
}
