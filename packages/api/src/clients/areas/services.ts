import type {
  Genealogy,
  PreparationRule,
  ServiceCard,
  ServiceGroupTreeResponse,
  ServiceInfo,
  ServiceListBody,
  ServiceListResponse,
  ServicePreparation,
} from '../../contract/services';
import { send } from '../send';

/** Filters of a catalogue list: by groups, by text, or by ids, in one settlement. */
export type ServiceListFilter = Omit<ServiceListBody, 'sort' | 'showOnSite'>;

/** The request body of a catalogue list (docs/product.md#calls: sorted by group, only what is shown on the site). */
export const serviceListBody = (filter: ServiceListFilter): ServiceListBody => ({
  ...filter,
  sort: 'group',
  showOnSite: true,
});

export const services = {
  groupTree: (): Promise<ServiceGroupTreeResponse> => send('serviceGroupTree', {}),
  /** Catalogue page; pass a signal so a newer list request can cancel this one (docs/product.md#lists). */
  list: (filter: ServiceListFilter, page = 0, size = 20, signal?: AbortSignal): Promise<ServiceListResponse> =>
    send('serviceList', { query: { page, size }, body: serviceListBody(filter), signal }),
  bySlug: (slug: string, settlementId: number): Promise<ServiceInfo> =>
    send('serviceBySlug', { params: { slug }, query: { settlementId } }),
  preparation: (serviceId: number): Promise<ServicePreparation> =>
    send('servicePreparation', { params: { id: serviceId } }),
  clientsBuy: (serviceId: number, settlementId: number): Promise<ServiceCard[]> =>
    send('serviceClientsBuy', { query: { settlementId, serviceId } }),
  packages: (serviceId: number, settlementId: number): Promise<ServiceCard[]> =>
    send('servicePackages', { params: { id: serviceId }, query: { settlementId } }),
  popular: (settlementId: number): Promise<ServiceCard[]> => send('servicesPopular', { query: { settlementId } }),
  genealogy: (serviceId: number): Promise<Genealogy> => send('serviceGenealogy', { params: { id: serviceId } }),
  genealogies: (serviceIds: number[]): Promise<Genealogy[]> =>
    send('serviceGenealogies', { body: { ids: serviceIds } }),
  preparationRules: (): Promise<PreparationRule[]> => send('preparationRules', {}),
};
