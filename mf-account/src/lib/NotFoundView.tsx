import { useTranslation } from '@lab/i18n';
import { NotFoundView as PageNotFound, usePageMeta } from '@lab/ui';

/**
 * What a result, patient or page outside the user's reach shows: the server answers 404 for both
 * "missing" and "not yours", and so does this view (@lab/ui's, as the shell's not-found page).
 */
export function NotFoundView() {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('notFound.title') });
  return (
    <PageNotFound
      title={t('notFound.title')}
      text={t('notFound.text')}
      links={[
        { to: '/account', label: t('notFound.toAccount') },
        { to: '/', label: t('notFound.home') },
      ]}
      testId="account-not-found"
    />
  );
}
