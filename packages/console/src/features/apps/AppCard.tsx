import { Button, cx } from '@lab/ui';
import type { CanaryReport, Deployment, Whoami } from '../../lib/api';
import { useTexts } from '../../lib/i18n';
import { type MoveRequest, mayMove, moveLabel } from '../../lib/moves';
import styles from './AppCard.module.css';
import { movesOf, verdictText } from './apps';
import { Verdict } from './Verdict';

export interface AppCardProps {
  app: string;
  deployment: Deployment;
  who: Whoami;
  report: CanaryReport | undefined;
  selected: boolean;
  onSelect: (app: string) => void;
  onMove: (move: MoveRequest) => void;
}

/** One app: its live release, its canary and share, the judge's verdict, and the moves the token may make. */
export function AppCard({ app, deployment, who, report, selected, onSelect, onMove }: AppCardProps) {
  const { t } = useTexts();
  const live = app === 'shell' ? deployment.shell : deployment.remotes[app];
  const canary = app === 'shell' ? undefined : deployment.remotes[app]?.canary;
  const headingId = `app-${app}`;
  const movable = mayMove(who, app);
  const moves = movable ? movesOf(t, app, deployment, report) : [];
  return (
    <li className={cx(styles.card, selected && styles.selected)} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name} tabIndex={-1}>
        {app}
      </h3>
      <dl className={styles.facts}>
        <dt>{t('apps.live')}</dt>
        <dd>{live ? <code>{live.version}</code> : t('apps.build')}</dd>
        <dt>{t('apps.canary')}</dt>
        <dd>
          {canary ? (
            <span>
              <code>{canary.version}</code>
              {` · ${t('apps.share', { percent: canary.percent })} · ${t(canary.judged ? 'apps.judged' : 'apps.notJudged')}`}
              <meter
                className={styles.meter}
                min={0}
                max={100}
                value={canary.percent}
                aria-label={t('apps.share', { percent: canary.percent })}
              />
            </span>
          ) : (
            t('apps.noCanary')
          )}
        </dd>
      </dl>
      {report?.verdict ? <Verdict verdict={report.verdict}>{verdictText(t, report)}</Verdict> : null}
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" aria-pressed={selected} onClick={() => onSelect(app)}>
          {t('apps.details', { app })}
        </Button>
        {moves.map((move) => (
          <Button key={move.move} variant={move.danger ? 'danger' : 'primary'} size="sm" onClick={() => onMove(move)}>
            {moveLabel(t, move)}
          </Button>
        ))}
        {movable ? null : <p className={styles.readOnly}>{t('apps.readOnly')}</p>}
      </div>
    </li>
  );
}
