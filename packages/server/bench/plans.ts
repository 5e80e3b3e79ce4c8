/**
 * EXPLAIN ANALYZE of a search's services statement (its second run, so the caches are warm), for the
 * benches' reports: which indexes the plan uses, whether it reads services whole, and its times.
 */
import type { Database } from '../src/db/database';
import { applySearchSettings, createSearchRepository } from '../src/repositories/search';

export interface ServicesPlan {
  readonly indexes: string[];
  readonly seqScanOnServices: boolean;
  readonly planningMs: number;
  readonly executionMs: number;
}

/** Null for a query with nothing to search for. */
export async function explainServices(
  db: Database,
  settlementId: number,
  query: string,
  size: number,
): Promise<ServicesPlan | null> {
  const statement = createSearchRepository(db, () => new Date()).servicesStatement(
    { settlementId, query, types: ['services', 'service-packages'], page: 0, size },
    'uk',
  );
  if (!statement) return null;
  const plan = await db.transaction(async (tx) => {
    await applySearchSettings(tx, { indexScans: true });
    await tx.query(statement.sql, statement.params);
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${statement.sql}`, statement.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  return {
    indexes: [...new Set([...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1] ?? ''))],
    seqScanOnServices: /Seq Scan on services\b/.test(plan),
    planningMs: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 0),
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0),
  };
}
