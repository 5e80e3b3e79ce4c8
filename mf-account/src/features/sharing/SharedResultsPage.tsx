import { api, isApiError, type SharedResults, useSession } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import { Button, fieldStyles, formatDateTimeKyiv, useLocalizedNavigate, usePageMeta } from '@lab/ui';
import { useId, useState } from 'react';
import { fullName, messageOf, useDownload } from '../../lib';
import { ResultsTable } from '../results';
import styles from './Sharing.module.css';
import { SHARING_NS } from './texts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CODE = /^\d{6}$/;

const sharedPdf = async (token: string, code: string, number: string) => ({
  blob: await api.results.sharedPdf(token, code),
  name: `results-${number}.pdf`,
});

/**
 * /shared/{token}: results someone shared, opened with the code they passed on. Anyone with both reads
 * them here read-only and downloads the PDF, signed in or not; a signed-in doctor is taken to the
 * doctor's view of the order instead. No part of the owner's account is reachable from here.
 */
export function SharedResultsPage() {
  const { t } = useTranslation('account');
  const { t: ts } = useTranslation(SHARING_NS);
  const { token = '' } = useParams<{ token: string }>();
  const { info } = useSession();
  const navigate = useLocalizedNavigate();
  const doctor = info?.profiles?.doctor === true;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shared, setShared] = useState<{ results: SharedResults; code: string } | null>(null);
  const [pdf, downloadPdf] = useDownload('shared results PDF', sharedPdf);
  const codeId = useId();
  const hintId = useId();
  const errorId = useId();
  usePageMeta({ title: t('shared.title') });

  const submit = async () => {
    if (!CODE.test(code)) {
      setFailure(ts('shared.codeFormat'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (doctor) {
        const taken = await api.results.sharedForDoctor(token, code);
        navigate(`/account/patients/${taken.patientId}/results/${taken.registryId}`);
        return;
      }
      setShared({ results: await api.results.shared(token, code), code });
    } catch (error) {
      setFailure(messageOf(error, t));
      if (isApiError(error) && error.status === 429) setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (!TOKEN.test(token)) {
    return (
      <section className={styles.page} aria-labelledby="shared-title">
        <h1 id="shared-title">{t('shared.title')}</h1>
        <p role="alert">{ts('shared.badLink')}</p>
      </section>
    );
  }

  if (shared) {
    const { registry, expiresAt } = shared.results;
    return (
      <article className={styles.page} aria-labelledby="shared-title" data-testid="shared-results">
        <h1 id="shared-title">
          {t('shared.title')} <span className={styles.number}>{t('results.number', { number: registry.number })}</span>
        </h1>
        <dl className={styles.meta}>
          {(
            [
              [t('results.patient'), fullName(registry.patient)],
              [t('results.orderDate'), formatDateTimeKyiv(registry.createdAt)],
              [t('results.readiness'), registry.resultsReady ? t('results.ready') : t('results.notReady')],
              ...(registry.resultsReadyAt
                ? [[t('results.readyDate'), formatDateTimeKyiv(registry.resultsReadyAt)]]
                : []),
              [ts('shared.until'), formatDateTimeKyiv(expiresAt)],
            ] as Array<[string, string]>
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          <Button loading={pdf.busy} onClick={() => void downloadPdf(token, shared.code, registry.number)}>
            {t('results.pdf')}
          </Button>
        </div>
        <p className={styles.problem} role="alert">
          {pdf.error ? t('results.pdfFailed', { reason: messageOf(pdf.error, t) }) : null}
        </p>
        {registry.results.length === 0 ? (
          <p>{t('results.noRows')}</p>
        ) : (
          <ResultsTable rows={registry.results} caption={t('results.title', { number: registry.number })} />
        )}
        <p className={styles.hint}>{ts('shared.readOnly')}</p>
        <p className={styles.hint}>{t('results.disclaimer')}</p>
      </article>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="shared-title">
      <h1 id="shared-title">{t('shared.title')}</h1>
      <p className={styles.lead}>{doctor ? ts('shared.leadDoctor') : ts('shared.lead')}</p>
      <form
        className={styles.codeForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={fieldStyles.field}>
          <label htmlFor={codeId} className={fieldStyles.label}>
            {ts('shared.code')}
          </label>
          <input
            id={codeId}
            className={fieldStyles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={failure !== null}
            aria-describedby={`${hintId} ${errorId}`}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          />
          <p id={hintId} className={styles.hint}>
            {ts('shared.codeHint')}
          </p>
        </div>
        <Button type="submit" loading={busy}>
          {doctor ? ts('shared.openDoctor') : ts('shared.open')}
        </Button>
        <p id={errorId} className={styles.problem} role="alert">
          {failure}
        </p>
      </form>
    </section>
  );
}
