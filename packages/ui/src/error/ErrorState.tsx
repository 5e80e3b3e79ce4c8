import { useTranslation } from '@lab/i18n';
import { Button } from '../button/Button';
import { cx } from '../cx';
import { UI_NAMESPACE } from '../i18n';
import styles from './ErrorState.module.css';

export interface ErrorStateProps {
  /** Already localized by the caller; the ui namespace has a generic `errorTitle`. */
  title: string;
  description?: string;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  /** Overrides the default localized "try again". */
  retryLabel?: string;
  /**
   * The failed request's id as the server answered it (ApiError.requestId): shown small, so that a
   * visitor's screenshot or message to support finds the server's log lines.
   */
  requestId?: string;
  /** `compact` for small slots (a header widget), `block` for a page area. */
  variant?: 'block' | 'compact';
  className?: string;
}

/** A localized failure message with an optional retry, announced at once (role="alert"). */
export function ErrorState({
  title,
  description,
  onRetry,
  retryLabel,
  requestId,
  variant = 'block',
  className,
}: ErrorStateProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div role="alert" className={cx(styles.error, styles[variant], className)}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        {description && <p className={styles.description}>{description}</p>}
        {requestId && (
          <p className={styles.reference} translate="no">
            {t('requestId', { id: requestId })}
          </p>
        )}
      </div>
      {onRetry && (
        <Button variant="secondary" size={variant === 'compact' ? 'sm' : 'md'} onClick={onRetry}>
          {retryLabel ?? t('retry')}
        </Button>
      )}
    </div>
  );
}
