// Team tokens are @lab/releases's (tokens.ts); this path gives them to what still imports it here.
import { createRequire } from 'node:module';
import '@lab/releases/register';

export const { mayMove, openTokenStore, PLATFORM, TokenError } = createRequire(import.meta.url)('@lab/releases');
