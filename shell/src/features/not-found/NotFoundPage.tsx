import { useTranslation } from '@lab/i18n';
import { NotFoundView, usePageMeta } from '@lab/ui';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  // its own title in the tab and history, not the page's it replaced (the server's 404 says the same)
  usePageMeta({ title: t('notFound.title') });
  return (
    <NotFoundView
      title={t('notFound.title')}
      text={t('notFound.text')}
      links={[{ to: '/', label: t('notFound.home') }]}
    />
  );
}
