import type { ServiceCard } from '../contract/services';

/** A catalogue card of service `id` (price 100 × id), for the hooks' tests. */
export function card(id: number, overrides: Partial<ServiceCard> = {}): ServiceCard {
  return {
    id,
    code: String(1000 + id),
    slug: `service-${id}`,
    title: `Аналіз ${id}`,
    packageService: false,
    description: '',
    price: { price: { price: 100 * id }, originalPrice: { price: 100 * id } },
    turnaroundDays: 1,
    gender: null,
    groupIds: [11],
    ...overrides,
  };
}
