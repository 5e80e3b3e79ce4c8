import { api, apiKeys, isApiError, type ShareCreated, type ShareDays, useResultShares } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, fieldStyles, formatDateTimeKyiv, Link, Modal, Skeleton } from '@lab/ui';
import { type ReactNode, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { messageOf } from '../../lib';
import styles from './Sharing.module.css';
import { type ShareOutcome, shareLink } from './share';
import { SHARING_NS } from './texts';

const PERIODS: readonly ShareDays[] = [1, 7, 30];

type Props = {
  open: boolean;
  onClose: () => void;
  registryId: number;
  number: string;
};

/** The link's address on this site, in the page's language (the recipient reads it in theirs). */
const linkOf = (token: string) => `${window.location.origin}/shared/${token}`;

/**
 * "Share" on an order's results (docs/product.md#roles and #errors): the owner picks for how long, gets a link and a
 * 6-digit code (shown once), and sends them on. While the owner's setting forbids sharing, the dialog
 * says so (docs/product.md#errors: "sharing results unavailable") and leads to the setting.
 */
export function ShareDialog({ open, onClose, registryId, number }: Props) {
  const { t } = useTranslation('account');
  const { t: ts } = useTranslation(SHARING_NS);
  const { mutate } = useSWRConfig();
  const shares = useResultShares(open);
  const [days, setDays] = useState<ShareDays>(7);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const [refused, setRefused] = useState(false);
  const periodId = useId();
  const linkId = useId();
  const codeHintId = useId();

  const close = () => {
    setCreated(null);
    setFailure(null);
    setOutcome(null);
    setRefused(false);
    onClose();
  };

  const create = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setCreated(await api.results.share(registryId, days));
      await mutate(apiKeys.resultShares());
    } catch (error) {
      if (isApiError(error) && error.code === 'sharing-unavailable') setRefused(true);
      else setFailure(ts('sharing.createFailed', { reason: messageOf(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  const send = async (share: ShareCreated) => {
    setOutcome(null);
    const url = linkOf(share.token);
    setOutcome(await shareLink({ title: ts('sharing.sendTitle', { number }), text: ts('sharing.sendText'), url }));
  };

  const unavailable = refused || shares.data?.enabled === false;
  const problem = outcome === 'unavailable' || outcome === 'failed';
  let body: ReactNode;
  if (created) {
    body = (
      <div className={styles.created} data-testid="share-created">
        <div className={fieldStyles.field}>
          <label htmlFor={linkId} className={fieldStyles.label}>
            {ts('sharing.link')}
          </label>
          <input
            id={linkId}
            className={fieldStyles.input}
            readOnly
            value={linkOf(created.token)}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <div>
          <p className={styles.codeLabel}>{ts('sharing.code')}</p>
          <p className={styles.code} data-testid="share-code" aria-describedby={codeHintId}>
            {created.code}
          </p>
          <p id={codeHintId} className={styles.hint}>
            {ts('sharing.codeHint')}
          </p>
        </div>
        <p className={styles.hint}>{ts('sharing.validUntil', { date: formatDateTimeKyiv(created.share.expiresAt) })}</p>
        <div className={styles.actions}>
          <Button onClick={() => void send(created)}>{ts('sharing.send')}</Button>
          <Button variant="secondary" onClick={close}>
            {ts('sharing.done')}
          </Button>
        </div>
        {/* live regions exist before any message, or the first one is not announced */}
        <p className={styles.note} role="status">
          {outcome === 'shared' || outcome === 'copied' ? ts(`share.${outcome}`) : null}
        </p>
        <p className={styles.problem} role="alert">
          {problem ? ts(`share.${outcome}`) : null}
        </p>
      </div>
    );
  } else if (shares.isLoading) {
    body = <Skeleton height={120} />;
  } else if (unavailable) {
    body = (
      <div className={styles.unavailable} data-testid="sharing-unavailable">
        <p role="alert">{ts('sharing.unavailable')}</p>
        <Link to="/account/personal-information#sharing" onClick={close}>
          {ts('sharing.toSettings')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <p className={styles.lead}>{ts('sharing.lead')}</p>
        <fieldset className={styles.periods}>
          <legend id={periodId}>{ts('sharing.period')}</legend>
          {PERIODS.map((period) => (
            <label key={period} className={styles.period}>
              <input
                type="radio"
                name="share-days"
                value={period}
                checked={days === period}
                onChange={() => setDays(period)}
              />
              <span>{ts(`sharing.days${period}`)}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={busy}>
          {ts('sharing.create')}
        </Button>
        <p className={styles.problem} role="alert">
          {failure}
        </p>
      </form>
    );
  }

  return (
    <Modal open={open} onClose={close} title={ts('sharing.title', { number })} className={styles.dialog}>
      {body}
    </Modal>
  );
}
