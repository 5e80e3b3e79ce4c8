#!/usr/bin/env node
// lab-serve --root <dist> --port <n> [--spa] [--cors] [--api <origin>] [--remotes name=url,...] [--releases <dir>]
import { parseArgs } from 'node:util';
import { createStaticServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '0.0.0.0' },
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    api: { type: 'string' },
    remotes: { type: 'string' },
    releases: { type: 'string' },
  },
});
if (!values.root || !values.port) {
  console.error('usage: lab-serve --root <dist> --port <n> [--spa] [--cors] [--api <origin>] [--remotes a=url,b=url]');
  process.exit(2);
}
const remotesMap = values.remotes
  ? Object.fromEntries(values.remotes.split(',').map((pair) => pair.split(/=(.*)/s).slice(0, 2)))
  : undefined;
const server = createStaticServer({
  root: values.root,
  spa: values.spa,
  cors: values.cors,
  apiTarget: values.api,
  remotesMap,
  releases: values.releases,
});
await server.listen({ port: Number(values.port), host: values.host });
console.log(`serving ${values.root} on http://localhost:${values.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close().then(() => process.exit(0)));
