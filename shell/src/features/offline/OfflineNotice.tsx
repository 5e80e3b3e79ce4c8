import { useTranslation } from '@lab/i18n';
import styles from './OfflineNotice.module.css';
import { useOnline } from './useOnline';

/**
 * Says once, for the whole page, that the connection is gone, so the failures that follow (a section
 * that will not load, an order that will not go) have their cause. The live region stays mounted so
 * the change is announced; it floats over the page, so showing it moves nothing.
 */
export function OfflineNotice() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : styles.notice}>
      {online ? null : t('offline.notice')}
    </div>
  );
}
