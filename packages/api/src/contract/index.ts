/**
 * The contract's runtime schemas, for the server (`@lab/api/contract`). Browser code imports
 * from `@lab/api`, which re-exports only the types of these modules.
 */
import { registerContractFormats } from './formats';

// TypeBox's checker knows no formats by itself; importing the contract makes `Value.Check` usable.
registerContractFormats();

export { type ClientKind, type Endpoint, endpoints, type HttpMethod } from '../endpoints';
export * from './app';
export * from './auth';
export * from './cart';
export * from './common';
export * from './content';
export * from './doctor';
export { isDate, registerContractFormats } from './formats';
export * from './lis';
export * from './orders';
export * from './patient';
export * from './results';
export { type Route, type RouteKey, type RouteSchemas, type Routes, routes } from './routes';
export * from './search';
export * from './services';
export * from './settlements';
export * from './shares';
export { summaries } from './summaries';
export * from './visit';
