export { cacheControl } from './cache';
export { type Compressed, compressFor } from './compressFor';
export type { PageLogic } from './pages';
export { forwardedHeaders } from './proxy';
export { createStaticServer, type StaticServerOptions } from './server';
