import type { ServiceInfo } from '@lab/api';

/**
 * What a search engine reads for an analysis or package: a schema.org MedicalTest (a package is a
 * MedicalTestPanel with its analyses as subTest) that is also a Product, with its offer in hryvnia
 * when the chosen city has a price.
 */
export function serviceStructuredData(service: ServiceInfo, url: string): Record<string, unknown> {
  const panel = service.packageService && service.analyses.length > 0;
  return {
    '@context': 'https://schema.org',
    '@type': [panel ? 'MedicalTestPanel' : 'MedicalTest', 'Product'],
    name: service.title,
    ...(service.description ? { description: service.description } : {}),
    sku: service.code,
    url,
    ...(panel
      ? { subTest: service.analyses.map((analysis) => ({ '@type': 'MedicalTest', name: analysis.title })) }
      : {}),
    ...(service.price
      ? {
          offers: {
            '@type': 'Offer',
            price: service.price.price.price,
            priceCurrency: 'UAH',
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
  };
}
