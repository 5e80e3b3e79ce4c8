#!/usr/bin/env node
// npm run deploy:token: the operator's team tokens (token-cli.ts), its TypeScript loaded in this process.
import { createRequire } from 'node:module';
import '@lab/releases/register';

await createRequire(import.meta.url)('./token-cli.ts').main();
