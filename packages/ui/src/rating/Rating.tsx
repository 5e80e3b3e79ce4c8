import { useTranslation } from '@lab/i18n';
import { useId, useState } from 'react';
import { cx } from '../cx';
import { plural } from '../format/plural';
import { UI_NAMESPACE } from '../i18n';
import styles from './Rating.module.css';

/** docs/product.md#entities: the rating scale is 1 to 5. */
export const RATING_MAX = 5;

export interface RatingProps {
  /** The group's name ("Оцініть візит"). */
  label: string;
  hideLabel?: boolean;
  /** 1..max; 0 for not rated yet. */
  value: number;
  onChange?: (value: number) => void;
  /** Shows the value only, announced as "rating 4 of 5". */
  readOnly?: boolean;
  max?: number;
  disabled?: boolean;
  /** Radios of one rating share a name; given for forms, generated otherwise. */
  name?: string;
  size?: 'sm' | 'md';
  className?: string;
}

function Star() {
  return (
    <svg className={styles.star} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" />
    </svg>
  );
}

/**
 * Stars as a native radio group: Tab reaches the checked star (or the first), the arrow keys move
 * and check, as browsers do for radios. Hovering previews the value.
 */
export function Rating({
  label,
  hideLabel = false,
  value,
  onChange,
  readOnly = false,
  max = RATING_MAX,
  disabled = false,
  name,
  size = 'md',
  className,
}: RatingProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const autoId = useId();
  const labelId = `${autoId}-label`;
  const [hovered, setHovered] = useState(0);
  const stars = Array.from({ length: max }, (_, index) => index + 1);

  if (readOnly) {
    return (
      <span
        role="img"
        aria-label={t('ratingValue', { value, max })}
        className={cx(styles.rating, styles[size], className)}
      >
        {stars.map((star) => (
          <span key={star} className={cx(styles.item, star <= value && styles.filled)}>
            <Star />
          </span>
        ))}
      </span>
    );
  }

  const shown = hovered || value;
  return (
    <div role="radiogroup" aria-labelledby={labelId} className={cx(styles.group, className)}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover preview only; the radios do the work */}
      <span className={cx(styles.rating, styles[size])} onMouseLeave={() => setHovered(0)}>
        {stars.map((star) => (
          <label
            key={star}
            className={cx(styles.item, styles.choice, star <= shown && styles.filled)}
            onMouseEnter={() => setHovered(disabled ? 0 : star)}
          >
            <input
              type="radio"
              className={cx('visually-hidden', styles.input)}
              name={name ?? autoId}
              value={star}
              checked={star === value}
              disabled={disabled}
              onChange={() => onChange?.(star)}
            />
            <Star />
            <span className="visually-hidden">{`${star} ${plural(star, t('starForms'))}`}</span>
          </label>
        ))}
      </span>
    </div>
  );
}
