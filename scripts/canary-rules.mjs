// The canary's rules are @lab/releases's (canaryRules.ts); this path gives them to what still imports it here.
import { createRequire } from 'node:module';
import '@lab/releases/register';

export const { compareRates, DEFAULT_RULES, judge, normalUpperTail, p75 } = createRequire(import.meta.url)(
  '@lab/releases',
);
