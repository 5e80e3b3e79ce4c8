/**
 * The contract's runtime schemas, for the server (`@lab/api/src/contract`). Browser code imports
 * from `@lab/api`, which re-exports only the types of these modules.
 */
import { registerContractFormats } from './formats';

// TypeBox's checker knows no formats by itself; importing the contract makes `Value.Check` usable.
registerContractFormats();

export * from './app';
export * from './auth';
export * from './cart';
export * from './common';
export * from './content';
export * from './doctor';
export { isDate, registerContractFormats } from './formats';
export * from './orders';
export * from './patient';
export * from './results';
export { type Route, type RouteKey, type Routes, type RouteSchemas, routes } from './routes';
export * from './search';
export * from './services';
export * from './settlements';
export { type ClientKind, type Endpoint, type HttpMethod, endpoints } from '../endpoints';
