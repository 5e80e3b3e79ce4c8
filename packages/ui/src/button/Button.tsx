import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { cx } from '../cx';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: shows a spinner, sets aria-busy and ignores clicks while keeping focus. */
  loading?: boolean;
  fullWidth?: boolean;
}

/**
 * The shared button. Loading uses aria-disabled rather than disabled so that a focused button
 * does not drop focus to <body> while its request runs.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={cx(styles.button, styles[variant], styles[size], fullWidth && styles.full, className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {loading && <Spinner size="sm" decorative className={styles.spinner} />}
      {children}
    </button>
  );
}
