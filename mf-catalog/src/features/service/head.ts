// What an analysis page says of itself: ServicePage declares it, its route's handle gives it to the
// shell's server (src/routes.ts), so the first view's head and structured data are the page's own.
import type { ServiceInfo } from '@lab/api';
import type { TFunction } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';
import { serviceStructuredData } from './structuredData';

type T = TFunction;

/** `service` undefined: still loading; null: the API does not know the slug. */
export function serviceHead(t: T, service: ServiceInfo | null | undefined, url: string): PageMeta {
  if (!service) return { title: service === null ? t('service.notFound') : t('service.loading') };
  return {
    title: service.title,
    description: service.description || t('service.metaDescription', { title: service.title, code: service.code }),
    og: { title: service.title, url },
    structuredData: [serviceStructuredData(service, url)],
  };
}
