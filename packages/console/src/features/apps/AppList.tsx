import type { CanaryReport, Deployment, Whoami } from '../../lib/api';
import { useTexts } from '../../lib/i18n';
import type { MoveRequest } from '../../lib/moves';
import { AppCard } from './AppCard';
import styles from './AppList.module.css';
import { appsOf } from './apps';

export interface AppListProps {
  deployment: Deployment;
  who: Whoami;
  reports: ReadonlyMap<string, CanaryReport>;
  selected: string;
  onSelect: (app: string) => void;
  onMove: (move: MoveRequest) => void;
}

/** Every app of the site, the token's own first. */
export function AppList({ deployment, who, reports, selected, onSelect, onMove }: AppListProps) {
  const { t } = useTexts();
  return (
    <section aria-labelledby="apps-heading">
      <h2 id="apps-heading">{t('apps.heading')}</h2>
      <ul className={styles.apps} aria-labelledby="apps-heading">
        {appsOf(deployment, who).map((app) => (
          <AppCard
            key={app}
            app={app}
            deployment={deployment}
            who={who}
            report={reports.get(app)}
            selected={app === selected}
            onSelect={onSelect}
            onMove={onMove}
          />
        ))}
      </ul>
    </section>
  );
}
