import { useTranslation } from '@lab/i18n';
import type { ReactNode } from 'react';

/** A loading area: its skeletons are hidden from screen readers, which hear "loading" once instead. */
export function Busy({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('account');
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="visually-hidden">{t('loading')}</span>
      {children}
    </div>
  );
}
