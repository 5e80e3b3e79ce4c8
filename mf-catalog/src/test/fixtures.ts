import type {
  Cart,
  SearchEntry,
  SearchResponse,
  ServiceCard,
  ServiceGroupNode,
  ServiceGroupTreeResponse,
  ServiceInfo,
} from '@lab/api';

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

const node = (groupId: number, slug: string, title: string, key: string, childNodes: ServiceGroupNode[] = []) => ({
  groupId,
  slug,
  title,
  key,
  childNodes,
});

export const tree: ServiceGroupTreeResponse = {
  services: [
    node(1, 'hematology', 'Гематологія', '1', [
      node(11, 'complete-blood-count', 'Загальний аналіз крові', '1.11'),
      node(12, 'coagulation', 'Коагулограма', '1.12'),
    ]),
    node(2, 'biochemistry', 'Біохімія', '2', [node(21, 'liver-tests', 'Печінкові проби', '2.21')]),
  ],
  packageServices: [node(5, 'check-up', 'Check-up', '5', [node(51, 'check-up-women', 'Для жінок', '5.51')])],
};

export function serviceInfo(overrides: Partial<ServiceInfo> = {}): ServiceInfo {
  return {
    ...card(7, { title: 'Загальний аналіз крові', slug: 'zahalnyi-analiz-krovi', code: '1002' }),
    description: 'Клітинний склад крові.',
    analyses: [
      { id: 1, code: '1002', title: 'Гемоглобін', gender: null, materials: [{ id: 1, title: 'Венозна кров' }] },
      {
        id: 2,
        code: '1003',
        title: 'Еритроцити',
        gender: null,
        materials: [
          { id: 1, title: 'Венозна кров' },
          { id: 2, title: 'Сеча' },
        ],
      },
    ],
    materials: 'Венозна кров. Сеча',
    preparation: '<p>Натщесерце.</p><script>alert(1)</script>',
    clientsBuy: [card(8, { title: 'Феритин', packageService: false })],
    isPartOfPackets: false,
    additionalServices: [],
    ...overrides,
  };
}

export const serviceEntry = (item: ServiceCard): SearchEntry => ({
  service: {
    id: item.id,
    title: item.title,
    slug: item.slug,
    code: item.code,
    packageService: item.packageService,
    price: item.price,
  },
});

export function searchResponse(
  services: ServiceCard[],
  packages: ServiceCard[] = [],
  groups: { id: number; title: string; slug: string }[] = [],
  totals: { services?: number; packages?: number; groups?: number } = {},
): SearchResponse {
  return {
    groups: [
      {
        type: 'services',
        items: { totalElements: totals.services ?? services.length, content: services.map(serviceEntry) },
      },
      {
        type: 'service-packages',
        items: { totalElements: totals.packages ?? packages.length, content: packages.map(serviceEntry) },
      },
      {
        type: 'service-groups',
        items: {
          totalElements: totals.groups ?? groups.length,
          content: groups.map((group) => ({ group: { ...group, packageGroup: false } })),
        },
      },
    ],
    totalCount: services.length + packages.length + groups.length,
  };
}

export function cartOf(id: string, serviceIds: number[]): Cart {
  return {
    id,
    items: serviceIds.map((serviceId) => ({
      serviceId,
      price: 100,
      initialPrice: 100,
      originalPrice: 100,
      service: { ...card(serviceId), additionalServices: [] },
    })),
    additionalItems: [],
    totalPrice: 100 * serviceIds.length,
    originalTotalPrice: 100 * serviceIds.length,
    promo: null,
  };
}
