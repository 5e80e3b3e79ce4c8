#!/usr/bin/env node
// npm run deploy:api: the deploy API (main.ts), its TypeScript loaded in this process.
import { createRequire } from 'node:module';
import '@lab/releases/register';

await createRequire(import.meta.url)('./main.ts').main();
