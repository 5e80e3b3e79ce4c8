import { cx, Image } from '@lab/ui';
import { useState } from 'react';
import styles from './Profile.module.css';

type Props = {
  /** The versioned photo URL, or null for the icon. */
  photo: string | null;
  size: number;
  /** '' when a name beside it already says who it is. */
  alt?: string;
  className?: string;
};

/** The profile photo, or a person icon when there is none (or it fails to load). */
export function Avatar({ photo, size, alt = '', className }: Props) {
  // the URL that failed to load; a new photo (another version) is tried again
  const [failed, setFailed] = useState<string | null>(null);
  if (photo && photo !== failed) {
    return (
      <Image
        src={photo}
        alt={alt}
        width={size}
        height={size}
        priority
        className={cx(styles.avatar, className)}
        onError={() => setFailed(photo)}
      />
    );
  }
  const icon = (
    <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
  const classes = cx(styles.avatar, styles.avatarIcon, className);
  const box = { width: size, height: size };
  if (alt) {
    return (
      <span className={classes} style={box} role="img" aria-label={alt}>
        {icon}
      </span>
    );
  }
  return (
    <span className={classes} style={box} aria-hidden="true">
      {icon}
    </span>
  );
}
