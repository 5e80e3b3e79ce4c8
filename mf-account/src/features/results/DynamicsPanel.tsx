import { useAnalysisDynamics } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, ErrorState, Skeleton } from '@lab/ui';
import { useState } from 'react';
import { Busy, statusOf } from '../../lib';
import { DynamicsChart } from './DynamicsChart';
import { DynamicsTable } from './DynamicsTable';
import styles from './Results.module.css';

export type DynamicsView = 'chart' | 'table';

type Props = {
  patientId: number;
  analysisId: number;
  resultHref?: (registryId: number) => string;
  currentRegistryId?: number;
  /** Chart first unless told otherwise. */
  initialView?: DynamicsView;
};

/** An indicator's dynamics over the patient's past results, as a chart or a table (a toggle). */
export function DynamicsPanel({ patientId, analysisId, resultHref, currentRegistryId, initialView = 'chart' }: Props) {
  const { t } = useTranslation('account');
  const { data, error, isLoading, mutate } = useAnalysisDynamics(patientId, analysisId);
  const [view, setView] = useState<DynamicsView>(initialView);

  if (error) {
    return (
      <ErrorState title={t('dynamics.loadFailed')} description={statusOf(error, t)} onRetry={() => void mutate()} />
    );
  }
  if (isLoading || !data) {
    return (
      <Busy>
        <Skeleton height={240} radius="var(--radius-md)" />
      </Busy>
    );
  }

  const numeric = data.points.filter((point) => point.value !== null).length;
  const chartPossible = numeric > 0;
  const shown: DynamicsView = chartPossible ? view : 'table';
  return (
    <div className={styles.dynamics}>
      <fieldset className={styles.viewToggle} aria-label={t('dynamics.view')}>
        <Button
          size="sm"
          variant={shown === 'chart' ? 'primary' : 'secondary'}
          aria-pressed={shown === 'chart'}
          disabled={!chartPossible}
          onClick={() => setView('chart')}
        >
          {t('dynamics.chart')}
        </Button>
        <Button
          size="sm"
          variant={shown === 'table' ? 'primary' : 'secondary'}
          aria-pressed={shown === 'table'}
          onClick={() => setView('table')}
        >
          {t('dynamics.table')}
        </Button>
      </fieldset>
      {!chartPossible && <p className={styles.muted}>{t('dynamics.noChart')}</p>}
      {data.points.length === 1 && <p className={styles.muted}>{t('dynamics.single')}</p>}
      {shown === 'chart' ? (
        <DynamicsChart dynamics={data} currentRegistryId={currentRegistryId} />
      ) : (
        <DynamicsTable dynamics={data} resultHref={resultHref} currentRegistryId={currentRegistryId} />
      )}
    </div>
  );
}
