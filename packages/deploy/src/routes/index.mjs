// The API's routes, one plugin each, registered in this order with `{ tokens }`. Another part of the API
// (the console's reads and page) is one more module in this list, or handed to createDeployApi as
// `plugins`; each route says who may call it with `config.access` (app.mjs).
import moves from './moves.mjs';
import reads from './reads.mjs';
import upload from './upload.mjs';

export const routes = [reads, upload, moves];
