#!/usr/bin/env node
// lab-serve (cli.ts): the server is TypeScript, run through tsx's loader, so that `node cli.mjs` and
// the bin keep their flags and environment
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
