import { useTranslation } from '@lab/i18n';
import { ErrorState } from '@lab/ui';

/**
 * A page of the shell that failed while rendering (the router's error element): the header, footer and
 * the rest of the site stay, the page says so and offers to load it again.
 */
export function PageError() {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="page-error-title">
      <h1 id="page-error-title">{t('errors.loadTitle')}</h1>
      <ErrorState title={t('errors.loadText')} onRetry={() => window.location.reload()} />
    </section>
  );
}
