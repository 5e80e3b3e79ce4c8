// @lab/releases for the node:test files: its TypeScript loaded in this process (tsx's loader), and the
// repository's root the fixtures build from.
import { createRequire } from 'node:module';
import '../register.mjs';

export const releases = createRequire(import.meta.url)('../src/index.ts');
export const root = releases.repositoryRoot;
