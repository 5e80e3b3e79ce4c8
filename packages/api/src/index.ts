/**
 * The browser face of @lab/api: clients, typed calls, SWR hooks, storage, and the contract's types.
 * The contract's schemas are exported as types only, so no TypeBox code reaches a bundle; the server
 * imports the schemas from `@lab/api/contract`.
 */

export { addressWithCity, branchLabel } from './branch';
export {
  CATEGORY_PAGE_SIZE,
  type FoundGroup,
  findGroup,
  groupIds,
  groupListFilter,
  type ServiceTreeName,
} from './catalogue';
export * from './clients';
export type * from './contract/app';
export type * from './contract/auth';
export type * from './contract/cart';
export type * from './contract/common';
export type * from './contract/content';
export type * from './contract/doctor';
export type * from './contract/orders';
export type * from './contract/patient';
export type * from './contract/results';
export type { Route, RouteKey, RouteSchemas, Routes } from './contract/routes';
export type * from './contract/search';
export type * from './contract/services';
export type * from './contract/settlements';
export type * from './contract/shares';
export type * from './contract/visit';
export {
  type ClientKind,
  type Endpoint,
  type EndpointKey,
  type Endpoints,
  endpoints,
  type HttpMethod,
} from './endpoints';
export * from './hooks';
export { toDisplayPrice } from './price';
export { defaultSettlementId, firstSettlementId, onlineDiscountPercent } from './settings';
export {
  getStored,
  removeStored,
  STORAGE_KEYS,
  type StorageKey,
  type StoredValues,
  setStored,
  storage,
  subscribeStored,
} from './storage';
export { renderWithStored, useStored } from './useStored';
