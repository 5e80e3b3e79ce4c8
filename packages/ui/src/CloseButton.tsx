import { useTranslation } from '@lab/i18n';
import styles from './CloseButton.module.css';
import { cx } from './cx';
import { UI_NAMESPACE } from './i18n';

export interface CloseButtonProps {
  onClick: () => void;
  className?: string;
}

/** The cross of dialogs and panels; its name comes from the ui namespace. */
export function CloseButton({ onClick, className }: CloseButtonProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <button type="button" className={cx(styles.close, className)} aria-label={t('close')} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  );
}
