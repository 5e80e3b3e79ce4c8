import { api, apiKeys, type ResultShare, useResultShares } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, formatDateTimeKyiv, Skeleton } from '@lab/ui';
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { fullName, messageOf } from '../../lib';
import { SHARING_NS } from '../sharing';
import styles from './Personal.module.css';

/**
 * Sharing results by link (docs/product.md#roles: "may be unavailable until permitted in settings"): the
 * switch that permits it (off: every link stops opening), and the links made, each with its order,
 * until when, when it was last opened, and a way to revoke it at once.
 */
export function ResultSharing() {
  const { t } = useTranslation('account');
  const { t: ts } = useTranslation(SHARING_NS);
  const { mutate } = useSWRConfig();
  const { data, error, isLoading } = useResultShares(true);
  const [saving, setSaving] = useState(false);
  const [revoking, setRevoking] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; failure: boolean } | null>(null);
  const titleId = useId();
  const hintId = useId();

  const run = async (what: () => Promise<unknown>, done: string, failed: string) => {
    setMessage(null);
    try {
      await what();
      await mutate(apiKeys.resultShares());
      setMessage({ text: done, failure: false });
    } catch (failure) {
      setMessage({ text: ts(failed, { reason: messageOf(failure, t) }), failure: true });
    }
  };
  const toggle = async (enabled: boolean) => {
    setSaving(true);
    await run(
      () => api.results.updateSharing(enabled),
      ts(enabled ? 'sharing.savedOn' : 'sharing.savedOff'),
      'sharing.saveFailed',
    );
    setSaving(false);
  };
  const revoke = async (share: ResultShare) => {
    setRevoking(share.id);
    await run(
      () => api.results.revokeShare(share.id),
      ts('sharing.revoked', { number: share.orderNumber }),
      'sharing.revokeFailed',
    );
    setRevoking(null);
  };

  return (
    <section id="sharing" className={styles.card} aria-labelledby={titleId} data-testid="result-sharing">
      <h2 id={titleId} className={styles.cardTitle}>
        {ts('sharing.settingsTitle')}
      </h2>
      {isLoading || (!data && !error) ? (
        <Skeleton height={24} />
      ) : !data ? (
        <p className={styles.error} role="alert">
          {t('notices.loadFailed', { reason: messageOf(error, t) })}
        </p>
      ) : (
        <>
          <label className={styles.switchRow}>
            <input
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={data.enabled}
              aria-checked={data.enabled}
              disabled={saving}
              aria-describedby={hintId}
              onChange={(event) => void toggle(event.currentTarget.checked)}
            />
            <span>{ts('sharing.allow')}</span>
          </label>
          <p id={hintId} className={styles.hint}>
            {data.enabled ? ts('sharing.allowHint') : ts('sharing.unavailable')}
          </p>
          {data.shares.length === 0 ? (
            <p className={styles.muted}>{ts('sharing.none')}</p>
          ) : (
            <ul className={styles.shares} aria-label={ts('sharing.listTitle')}>
              {data.shares.map((share) => (
                <li key={share.id} className={styles.shareItem} data-testid="share-item">
                  <p className={styles.line}>
                    <strong>{ts('sharing.order', { number: share.orderNumber })}</strong> · {fullName(share.patient)}
                  </p>
                  <p className={styles.muted}>
                    {ts(`sharing.status.${share.status}`)} ·{' '}
                    {ts(share.status === 'revoked' ? 'sharing.revokedAt' : 'sharing.until', {
                      date: formatDateTimeKyiv(share.revokedAt ?? share.expiresAt),
                    })}
                  </p>
                  <p className={styles.muted}>
                    {share.lastOpenedAt
                      ? ts('sharing.opened', { date: formatDateTimeKyiv(share.lastOpenedAt), count: share.openCount })
                      : ts('sharing.notOpened')}
                  </p>
                  {share.status === 'active' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={revoking === share.id}
                      aria-label={ts('sharing.revokeOf', { number: share.orderNumber })}
                      onClick={() => void revoke(share)}
                    >
                      {ts('sharing.revoke')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p className={message?.failure ? styles.error : styles.muted} role="status" aria-live="polite">
        {message?.text ?? null}
      </p>
    </section>
  );
}
