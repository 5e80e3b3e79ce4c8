import type { GenderRestriction } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { plural } from '@lab/ui';
import { useMemo } from 'react';

export type ServiceTexts = {
  /** "Ready in 1 working day" / "on the day of the visit". */
  turnaround: (days: number) => string;
  /** Men-only / women-only note, or null for everyone (docs/product.md#entities). */
  gender: (gender: GenderRestriction) => string | null;
};

export function useServiceTexts(): ServiceTexts {
  const { t } = useTranslation('catalog');
  return useMemo(
    () => ({
      turnaround: (days) =>
        days <= 0
          ? t('service.turnaroundSameDay')
          : t('service.turnaround', { n: days, days: plural(days, t('service.dayForms')) }),
      gender: (gender) =>
        gender === 'male' ? t('service.menOnly') : gender === 'female' ? t('service.womenOnly') : null,
    }),
    [t],
  );
}
