import { useTranslation } from '@lab/i18n';
import { cx } from '../cx';
import { UI_NAMESPACE } from '../i18n';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; defaults to the localized "loading". */
  label?: string;
  /** Purely visual (inside a busy button): no role, no text. */
  decorative?: boolean;
  className?: string;
}

/** A rotating ring; announced as a status unless decorative. Inherits the text colour. */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const ring = <span className={cx(styles.ring, styles[size])} aria-hidden="true" />;
  if (decorative) return <span className={cx(styles.spinner, className)}>{ring}</span>;
  return (
    <span className={cx(styles.spinner, className)} role="status">
      {ring}
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}
