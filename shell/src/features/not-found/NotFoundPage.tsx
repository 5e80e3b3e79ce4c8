import { useTranslation } from '@lab/i18n';
import { NotFoundView } from '@lab/ui';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <NotFoundView
      title={t('notFound.title')}
      text={t('notFound.text')}
      links={[{ to: '/', label: t('notFound.home') }]}
    />
  );
}
