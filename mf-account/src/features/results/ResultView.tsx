import { isApiError, type PersonRef, type ResultRow, useRegistry } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import {
  Button,
  ErrorState,
  formatDateTimeKyiv,
  Link,
  Modal,
  Skeleton,
  SkeletonText,
  useBreadcrumbLabel,
  usePageMeta,
} from '@lab/ui';
import { type ComponentType, useDeferredValue, useEffect, useId, useState } from 'react';
import { Busy, fullName, messageOf, NotFoundView, statusOf } from '../../lib';
import { DynamicsPanel } from './DynamicsPanel';
import styles from './Results.module.css';
import { ResultsTable, rowFlag } from './ResultsTable';
import { usePrintScope } from './usePrintScope';
import { useResultsFhir } from './useResultsFhir';
import { useResultsPdf } from './useResultsPdf';

/** The arrow of a file to download (the PDF's and the FHIR file's buttons). */
const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d="M12 3v12m0 0-5-5m5 5 5-5M5 21h14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

type Props = {
  registryId: number;
  /** The breadcrumb the route defines: `order-results` or `patient-result`. */
  crumbId: 'order-results' | 'patient-result';
  /** The doctor's route names the patient: a result of another patient is "not found". */
  patientId?: number;
  /** Where another reading of the dynamics opens. */
  resultHref: (registryId: number) => string;
  /** Tell the page whose result it is (the doctor's patient crumb). */
  onPatient?: (patient: PersonRef) => void;
  /**
   * The owner's view offers sharing by link through this dialog (the sharing feature's, passed in by the
   * page: sharing's own page draws these results); a doctor's view never passes someone's results on.
   */
  shareDialog?: ComponentType<ShareDialogProps>;
};

/** A doctor's order taken through a link that no longer opens: the server says why (revoked, expired, off). */
const CLOSED_SHARE = new Set(['share-revoked', 'share-expired', 'sharing-unavailable']);

/** What the results give the dialog that shares them. */
export type ShareDialogProps = { open: boolean; onClose: () => void; registryId: number; number: string };

/**
 * One order's results (docs/product.md#routes "order results with dynamics per indicator"): the rows with
 * out-of-range values marked, the lab's PDF and a FHIR R4 file to download, a printable view, sharing,
 * and per indicator the dynamics over the patient's past results. While the laboratory has sent only
 * part of them, the rows that are in and how many are still awaited.
 */
export function ResultView({ registryId, crumbId, patientId, resultHref, onPatient, shareDialog: ShareDialog }: Props) {
  const { t } = useTranslation('account');
  const valid = Number.isInteger(registryId) && registryId > 0;
  // the results are drawn in a deferred render, which yields to input: SWR hands the answer over in a
  // synchronous render, where the table kept a phone's main thread 50 ms and more (docs/performance.md)
  const { data, error, isLoading, mutate } = useDeferredValue(useRegistry(valid ? registryId : null));
  const [selected, setSelected] = useState<ResultRow | null>(null);
  const [sharing, setSharing] = useState(false);
  const fhirHintId = useId();
  const [pdf, downloadPdf] = useResultsPdf();
  const [fhir, downloadFhir] = useResultsFhir();
  const foreign = data !== undefined && patientId !== undefined && data.patient.id !== patientId;
  const shown = data && !foreign ? data : undefined;
  usePrintScope();
  useBreadcrumbLabel(crumbId, shown ? t('results.crumb', { number: shown.number }) : null);
  usePageMeta({ title: shown ? t('results.title', { number: shown.number }) : t('results.pageTitle') });
  useEffect(() => {
    if (shown && onPatient) onPatient(shown.patient);
  }, [shown, onPatient]);

  if (!valid || foreign || error?.status === 404) return <NotFoundView />;
  if (error && CLOSED_SHARE.has(error.code)) {
    return (
      <section aria-labelledby="results-title" data-testid="results-share-closed">
        <h1 id="results-title">{t('results.heading')}</h1>
        <ErrorState title={t('results.shareClosed')} description={messageOf(error, t)} />
        <p>
          <Link to="/account/patients">{t('results.toPatients')}</Link>
        </p>
      </section>
    );
  }
  if (error) {
    // docs/product.md#errors: result fetches pass only the HTTP status
    return (
      <section aria-labelledby="results-title">
        <h1 id="results-title">{t('results.heading')}</h1>
        <ErrorState title={t('results.loadFailed')} description={statusOf(error, t)} onRetry={() => void mutate()} />
      </section>
    );
  }
  if (isLoading || !shown) {
    return (
      <div className={styles.printArea}>
        {/* the heading the server's first view drew (routes.ts): it stays while the results load */}
        <h1 className={styles.title}>{t('results.heading')}</h1>
        <Busy>
          <SkeletonText lines={2} />
          <Skeleton height={48} count={6} gap="var(--space-2)" />
        </Busy>
      </div>
    );
  }

  const flagged = shown.results.filter((row) => rowFlag(row) === 'high' || rowFlag(row) === 'low').length;
  const title = t('results.title', { number: shown.number });

  return (
    <article className={styles.printArea} aria-labelledby="results-title" data-testid="results-view">
      <header className={styles.head}>
        <h1 id="results-title" className={styles.title}>
          {t('results.heading')} <span className={styles.number}>{t('results.number', { number: shown.number })}</span>
        </h1>
        <dl className={styles.meta}>
          <div>
            <dt>{t('results.patient')}</dt>
            <dd>{fullName(shown.patient)}</dd>
          </div>
          <div>
            <dt>{t('results.orderDate')}</dt>
            <dd>
              <time dateTime={shown.createdAt}>{formatDateTimeKyiv(shown.createdAt)}</time>
            </dd>
          </div>
          {shown.resultsReadyAt && (
            // the date the dynamics chart gives this order's results: the day they were ready
            <div>
              <dt>{t('results.readyDate')}</dt>
              <dd>
                <time dateTime={shown.resultsReadyAt}>{formatDateTimeKyiv(shown.resultsReadyAt)}</time>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('results.readiness')}</dt>
            <dd>{shown.resultsReady ? t('results.ready') : t('results.notReady')}</dd>
          </div>
        </dl>
        <div className={styles.toolbar} data-print="hide">
          <Button loading={pdf.busy} onClick={() => void downloadPdf(shown.id, shown.number)}>
            <DownloadIcon />
            {t('results.pdf')}
          </Button>
          <Button
            variant="ghost"
            loading={fhir.busy}
            aria-describedby={fhirHintId}
            onClick={() => void downloadFhir(shown.id, shown.number)}
          >
            <DownloadIcon />
            {t('results.fhir')}
          </Button>
          <span id={fhirHintId} className="visually-hidden">
            {t('results.fhirHint')}
          </span>
          <Button variant="ghost" onClick={() => window.print()}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M6 9V3h12v6M6 18H4v-7h16v7h-2M8 14h8v7H8z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            {t('results.print')}
          </Button>
          {ShareDialog && (
            <Button variant="secondary" onClick={() => setSharing(true)}>
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
          )}
        </div>
        <p className={styles.pdfError} role="alert" data-print="hide">
          {pdf.error
            ? t('results.pdfFailed', { reason: statusOf(isApiError(pdf.error) ? pdf.error : undefined, t) })
            : fhir.error
              ? t('results.fhirFailed', { reason: statusOf(isApiError(fhir.error) ? fhir.error : undefined, t) })
              : null}
        </p>
      </header>

      {!shown.resultsReady && shown.awaiting > 0 ? (
        <div className={styles.partial} data-testid="results-partial">
          <h2 className={styles.partialTitle}>{t('results.partialTitle')}</h2>
          <p>
            {t('results.partial', {
              received: shown.results.length,
              expected: shown.results.length + shown.awaiting,
              awaiting: shown.awaiting,
            })}
          </p>
        </div>
      ) : (
        !shown.resultsReady && <p className={styles.notice}>{t('results.pending')}</p>
      )}

      {shown.results.length === 0 ? (
        <p className={styles.notice}>{t('results.noRows')}</p>
      ) : (
        <>
          <p className={flagged > 0 ? styles.summaryOut : styles.summary}>
            {flagged > 0 ? t('results.flaggedSummary', { n: flagged }) : t('results.allNormal')}
          </p>
          <ResultsTable rows={shown.results} caption={title} onDynamics={setSelected} />
        </>
      )}
      <p className={styles.disclaimer}>{t('results.disclaimer')}</p>

      {ShareDialog && (
        <ShareDialog open={sharing} onClose={() => setSharing(false)} registryId={shown.id} number={shown.number} />
      )}
      <Modal
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? t('dynamics.title', { name: selected.analysisName }) : ''}
        className={styles.dynamicsModal}
      >
        {selected && (
          <DynamicsPanel
            patientId={shown.patient.id}
            analysisId={selected.analysisId}
            resultHref={resultHref}
            currentRegistryId={shown.id}
          />
        )}
      </Modal>
    </article>
  );
}
