import { useTranslation } from '@lab/i18n';
import { CloseButton } from '../CloseButton';
import { cx } from '../cx';
import { UI_NAMESPACE } from '../i18n';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

/** One message on screen (the provider holds the list, this draws it). */
export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

interface Props {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
}

/** The corner where messages appear: errors in an alert region, the rest in a status region. */
export function Toaster({ items, onDismiss }: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const list = (urgent: boolean) =>
    items
      .filter((item) => (item.tone === 'error') === urgent)
      .map((item) => (
        <div key={item.id} className={cx(styles.toast, styles[item.tone])}>
          <p className={styles.message}>{item.message}</p>
          <CloseButton className={styles.close} onClick={() => onDismiss(item.id)} />
        </div>
      ));
  return (
    <section aria-label={t('notifications')} className={styles.region}>
      <div role="alert" className={styles.stack}>
        {list(true)}
      </div>
      <div role="status" className={styles.stack}>
        {list(false)}
      </div>
    </section>
  );
}
