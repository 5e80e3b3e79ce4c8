// The API's routes, one plugin each, registered in this order with `{ tokens }`. Another part of the API
// (the console's reads and page) is one more module in this list, or handed to createDeployApi as
// `plugins`; each route says who may call it with `config.access` (app.ts).

import moves from './moves';
import reads from './reads';
import type { RoutePlugin } from './shared';
import upload from './upload';

export const routes: RoutePlugin[] = [reads, upload, moves];
