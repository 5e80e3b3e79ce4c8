/**
 * The catalogue's version (migration 005): any change of what the public catalogue shows bumps it in
 * its own transaction. Caches of catalogue answers key by it (http/public-cache.ts, the search memo).
 */
import type { Queryable } from '../db/database';

/** One row, one column `version` (also a column of the search's statement). */
export const CATALOGUE_VERSION_SQL = 'SELECT version::text AS version FROM catalogue_version';

export async function catalogueVersion(q: Queryable): Promise<string> {
  const row = await q.one<{ version: string }>(CATALOGUE_VERSION_SQL, [], { prepare: true });
  return row.version;
}
