/**
 * Page views reported by visitors' browsers (web vitals and remote failures) and their aggregate per
 * remote release: what a team reads after a release or during a canary (GET /ops/vitals).
 */
import type { VitalName, VitalsBeacon } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export const VITAL_NAMES: readonly VitalName[] = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'];

/** One row of the aggregate: a remote's release, on one route or (route null) on every route. */
export interface ReleaseVitals {
  readonly remote: string;
  readonly version: string;
  readonly route: string | null;
  readonly pageViews: number;
  /** The 75th percentile of each vital over the page views that reported it; null when none did. */
  readonly p75: Readonly<Record<VitalName, number | null>>;
  /** How many of each vital were reported (a p75 of three views says little). */
  readonly samples: Readonly<Record<VitalName, number>>;
  /** This release's slot failures on those page views. */
  readonly failures: number;
}

type AggregateRow = {
  remote: string;
  version: string;
  route: string | null;
  page_views: number;
  failures: number;
} & Record<string, number | null>;

const p75Columns = VITAL_NAMES.map(
  (name) =>
    `percentile_cont(0.75) WITHIN GROUP (ORDER BY (v.vitals->>'${name}')::float8) AS "p75_${name}",
     count(v.vitals->'${name}')::int AS "n_${name}"`,
).join(',\n');

export function createVitalsRepository(db: Queryable, clock: Clock) {
  return {
    /** Stores a page view's report; a second report of the same view merges into the first. */
    async record(pageViewId: string, beacon: VitalsBeacon): Promise<void> {
      const vitals = Object.fromEntries(beacon.vitals.map((vital) => [vital.name, vital.value]));
      await db.query(
        `INSERT INTO page_views AS p (id, received_at, route, locale, remotes, vitals, failures)
         VALUES ($1, $2::timestamptz, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)
         ON CONFLICT (id) DO UPDATE SET vitals = p.vitals || EXCLUDED.vitals, failures = p.failures || EXCLUDED.failures`,
        [
          pageViewId,
          clock().toISOString(),
          beacon.route,
          beacon.locale,
          JSON.stringify(beacon.remotes),
          JSON.stringify(vitals),
          JSON.stringify(beacon.failures),
        ],
      );
    },

    /**
     * p75 of each vital and the failures per remote release and route, and per release over all routes
     * (route null), over the last `minutes`. A failure counts for the release that failed, also on a
     * page view whose map named another (a canary visitor's old tab).
     */
    async aggregate(minutes: number): Promise<ReleaseVitals[]> {
      const since = new Date(clock().getTime() - minutes * 60_000).toISOString();
      const rows = await db.query<AggregateRow>(
        `WITH views AS (SELECT * FROM page_views WHERE received_at > $1::timestamptz),
              releases AS (
                SELECT r.key AS remote, r.value AS version, v.* FROM views v, jsonb_each_text(v.remotes) r
              )
         SELECT v.remote, v.version, v.route, count(*)::int AS page_views,
                sum((SELECT count(*) FROM jsonb_array_elements(v.failures) f
                      WHERE f->>'remote' = v.remote AND f->>'version' = v.version))::int AS failures,
                ${p75Columns}
           FROM releases v
          GROUP BY GROUPING SETS ((v.remote, v.version, v.route), (v.remote, v.version))
          ORDER BY v.remote, v.version, v.route NULLS FIRST`,
        [since],
      );
      return rows.map((row) => ({
        remote: row.remote,
        version: row.version,
        route: row.route,
        pageViews: row.page_views,
        failures: row.failures,
        p75: Object.fromEntries(VITAL_NAMES.map((name) => [name, round(row[`p75_${name}`] ?? null)])) as Record<
          VitalName,
          number | null
        >,
        samples: Object.fromEntries(VITAL_NAMES.map((name) => [name, row[`n_${name}`] ?? 0])) as Record<
          VitalName,
          number
        >,
      }));
    },

    /** Forgets page views older than `before` (housekeeping). */
    async purge(before: Date): Promise<void> {
      await db.query('DELETE FROM page_views WHERE received_at < $1::timestamptz', [before.toISOString()]);
    },
  };
}

/** Milliseconds to one decimal; CLS (below 10) to three. */
function round(value: number | null): number | null {
  if (value === null) return null;
  return value < 10 ? Math.round(value * 1000) / 1000 : Math.round(value * 10) / 10;
}
