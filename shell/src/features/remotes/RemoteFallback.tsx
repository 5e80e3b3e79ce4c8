import { useTranslation } from '@lab/i18n';
import styles from './RemoteFallback.module.css';

type Props = {
  remote: string;
  variant: 'block' | 'compact';
  onRetry: () => void;
  /** what is unavailable, when the slot knows better than "this section" */
  message?: string;
};

/** The localized stand-in for a remote that could not be loaded, with a retry. */
export function RemoteFallback({ remote, variant, onRetry, message }: Props) {
  const { t } = useTranslation('shell');
  return (
    <div className={variant === 'compact' ? styles.compact : styles.block} role="alert" data-remote-fallback={remote}>
      <span className={styles.message}>
        {message ?? (variant === 'compact' ? t('remote.unavailableShort') : t('remote.unavailable'))}
      </span>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}
