import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
