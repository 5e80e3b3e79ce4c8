// The apps a release may be of, and where this repository and its releases are.
import { resolve } from 'node:path';
import apps from './apps.json';

export type App = { readonly dir: string; readonly name: string; readonly port: number };

/** The apps in build order: remotes first, then the host (scripts/lib.mjs reads the same file). */
export const APPS: readonly App[] = apps;

/** The repository's root (this package sits at packages/releases). */
export const repositoryRoot = resolve(__dirname, '..', '..', '..');

/** Where releases are filed and what is live is recorded on one machine (RELEASES_DIR, else releases/). */
export const releasesDir = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(env.RELEASES_DIR || resolve(repositoryRoot, 'releases'));

/** The PostgreSQL releases, the deployment and the tokens live in, if any. */
export const databaseUrl = (env: NodeJS.ProcessEnv = process.env): string | null =>
  env.DEPLOYMENT_DATABASE_URL || env.DATABASE_URL || null;

/** A database URL as messages name it (no credentials). */
export const databaseWhere = (url: string): string => {
  const parsed = new URL(url);
  return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
};
