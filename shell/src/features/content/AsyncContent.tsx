import type { ApiError } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { ErrorState, SkeletonText } from '@lab/ui';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../not-found';

type Props<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  retry: () => void;
  /** what stands in while loading; shaped like the content so nothing shifts */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
};

/** The loading, error and not-found states every content page shares. */
export function AsyncContent<T>({ data, error, isLoading, retry, skeleton, children }: Props<T>) {
  const { t } = useTranslation('shell');
  if (error?.status === 404) return <NotFoundPage />;
  if (error) return <ErrorState title={t('errors.loadTitle')} description={t('errors.loadText')} onRetry={retry} />;
  if (isLoading || data === undefined) return <>{skeleton ?? <SkeletonText lines={6} />}</>;
  return <>{children(data)}</>;
}
