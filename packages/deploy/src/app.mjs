// The deploy API is app.ts; this path gives it to what still imports it here (its TypeScript loaded in
// this process).
import { createRequire } from 'node:module';
import '@lab/releases/register';

export const { createDeployApi } = createRequire(import.meta.url)('./app.ts');
