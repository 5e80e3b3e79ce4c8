import type { HistoryEntry } from '../../lib/api';
import { formatDateTime, useTexts } from '../../lib/i18n';
import { TableScroll } from '../../lib/TableScroll';
import styles from './HistoryView.module.css';

const HEAD = ['history.when', 'history.who', 'history.app', 'history.action', 'history.change', 'history.why'];

/** The moves, newest first: when, who, which app, what, from and to which release, and why. */
export function HistoryView({ entries }: { entries: readonly HistoryEntry[] | undefined }) {
  const { t, has, language } = useTexts();
  const release = (version: string | null | undefined) => (version ? <code>{version}</code> : t('history.build'));
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history.heading')}</h2>
      {!entries ? null : entries.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <TableScroll label={t('history.table')}>
          <table>
            <thead>
              <tr>
                {HEAD.map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const to = entry.to !== undefined ? entry.to : entry.version;
                const share = entry.share ?? entry.percent;
                const action = has(`history.actions.${entry.action}`)
                  ? t(`history.actions.${entry.action}`)
                  : entry.action;
                return (
                  <tr key={`${entry.at} ${entry.app} ${entry.action} ${entry.deployment ?? ''}`}>
                    <td>{formatDateTime(language, entry.at)}</td>
                    <td>{entry.by}</td>
                    <td>{entry.app}</td>
                    <td>
                      {action}
                      {share !== undefined ? ` ${t('history.share', { percent: share })}` : ''}
                    </td>
                    <td>
                      {release(entry.from)}
                      {' → '}
                      {release(to)}
                    </td>
                    <td className={styles.why}>{entry.reason ?? ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
