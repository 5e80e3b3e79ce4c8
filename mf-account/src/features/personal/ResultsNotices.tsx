import { api, apiKeys, useNotificationSettings } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Skeleton } from '@lab/ui';
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { messageOf } from '../../lib';
import styles from './Personal.module.css';

/**
 * The results-ready SMS switch: on by default, saved on the server as soon as it is flipped (so every
 * device and the laboratory's sender see it); a failure puts the switch back and says why.
 */
export function ResultsNotices() {
  const { t } = useTranslation('account');
  const { mutate } = useSWRConfig();
  const { data, error, isLoading } = useNotificationSettings(true);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: boolean } | { failure: string } | null>(null);
  const titleId = useId();
  const hintId = useId();

  const change = async (resultsSms: boolean) => {
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await api.results.updateNotifications({ resultsSms });
      await mutate(apiKeys.notificationSettings(), saved, { revalidate: false });
      setOutcome({ saved: saved.resultsSms });
    } catch (failure) {
      setOutcome({ failure: messageOf(failure, t) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="results-notices">
      <h2 id={titleId} className={styles.cardTitle}>
        {t('notices.title')}
      </h2>
      {isLoading || (!data && !error) ? (
        <Skeleton height={24} />
      ) : error && !data ? (
        <p className={styles.error} role="alert">
          {t('notices.loadFailed', { reason: messageOf(error, t) })}
        </p>
      ) : (
        <label className={styles.switchRow}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={data?.resultsSms ?? true}
            aria-checked={data?.resultsSms ?? true}
            disabled={saving}
            aria-describedby={hintId}
            onChange={(event) => void change(event.currentTarget.checked)}
          />
          <span>{t('notices.resultsSms')}</span>
        </label>
      )}
      <p id={hintId} className={styles.hint}>
        {t('notices.hint')}
      </p>
      <p className={'failure' in (outcome ?? {}) ? styles.error : styles.muted} role="status" aria-live="polite">
        {outcome === null
          ? null
          : 'failure' in outcome
            ? t('notices.saveFailed', { reason: outcome.failure })
            : t(outcome.saved ? 'notices.savedOn' : 'notices.savedOff')}
      </p>
    </section>
  );
}
