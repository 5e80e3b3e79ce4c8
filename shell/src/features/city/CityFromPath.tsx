import { localizePath, useLocale } from '@lab/i18n';
import { Navigate, useLocation } from '@lab/router';
import { SkeletonText } from '@lab/ui';
import { type ReactNode, useEffect } from 'react';
import { useCity } from './CityContext';

/**
 * docs/product.md#routes: "the city can be taken from the first path segment when it matches a city's
 * sourceId": /lviv/analyzes/x picks Lviv and shows /analyzes/x. Anything else renders `otherwise`.
 */
export function CityFromPath({ path, otherwise }: { path: string; otherwise: ReactNode }) {
  const { settlements, settlementsReady, choose } = useCity();
  const locale = useLocale();
  const { search, hash } = useLocation();
  const [first = '', ...rest] = path.split('/');
  const city = settlements.find((candidate) => candidate.sourceId === first);
  useEffect(() => {
    if (city) choose(city.id);
  }, [city, choose]);
  if (city) return <Navigate replace to={`${localizePath(`/${rest.join('/')}`, locale)}${search}${hash}`} />;
  if (!settlementsReady) return <SkeletonText lines={4} />;
  return <>{otherwise}</>;
}
