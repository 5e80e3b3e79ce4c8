/**
 * Page views reported by visitors' browsers (web vitals and remote failures) and their aggregate per
 * remote release: what a team reads after a release or during a canary (GET /ops/vitals).
 */
import type { RemoteFailureKind, VitalName, VitalsBeacon } from '@lab/api/contract';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

export const VITAL_NAMES: readonly VitalName[] = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'];
export const FAILURE_KINDS: readonly RemoteFailureKind[] = ['load', 'chunk', 'render', 'integrity'];

/**
 * One release's page views since a moment, as the canary judge compares a canary with its stable release
 * (GET /ops/canary): how many, how many had a slot failure of this release, the API calls and failed
 * ones, and the LCP and INP values themselves (the newest MAX_SAMPLE of each).
 */
export interface ReleaseSample {
  readonly remote: string;
  readonly version: string;
  readonly since: string;
  readonly pageViews: number;
  readonly failedViews: number;
  readonly apiCalls: number;
  readonly apiErrors: number;
  readonly LCP: readonly number[];
  readonly INP: readonly number[];
}

const MAX_SAMPLE = 20_000;

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
  /** The same by how its slot failed (`integrity`: a file's bytes were not the released ones). */
  readonly failuresByKind: Readonly<Record<RemoteFailureKind, number>>;
}

/** One time bucket of one release (GET /ops/vitals/series); `at` is the bucket's start. */
export interface SeriesPoint {
  readonly at: string;
  readonly pageViews: number;
  readonly failedViews: number;
  /** failedViews / pageViews: the judge's "slot failures" rate */
  readonly failureRate: number;
  readonly lcpP75: number | null;
  readonly lcpSamples: number;
  readonly inpP75: number | null;
  readonly inpSamples: number;
}

/** A release's buckets that had page views, oldest first. */
export interface ReleaseSeries {
  readonly version: string;
  readonly points: readonly SeriesPoint[];
}

type SeriesRow = {
  version: string;
  bucket: number | string;
  page_views: number;
  failed_views: number;
  lcp: number | null;
  lcp_n: number;
  inp: number | null;
  inp_n: number;
};

type AggregateRow = {
  remote: string;
  version: string;
  route: string | null;
  page_views: number;
  failures: number;
} & Record<string, number | null>;

/** This release's failures on a page view, all of them or of one kind. */
const failuresOf = (kind?: RemoteFailureKind) =>
  `sum((SELECT count(*) FROM jsonb_array_elements(v.failures) f
        WHERE f->>'remote' = v.remote AND f->>'version' = v.version${kind ? ` AND f->>'kind' = '${kind}'` : ''}))::int`;

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
        `INSERT INTO page_views AS p (id, received_at, route, locale, remotes, vitals, failures, api_calls, api_errors)
         VALUES ($1, $2::timestamptz, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9)
         ON CONFLICT (id) DO UPDATE SET vitals = p.vitals || EXCLUDED.vitals, failures = p.failures || EXCLUDED.failures,
           api_calls = GREATEST(p.api_calls, EXCLUDED.api_calls), api_errors = GREATEST(p.api_errors, EXCLUDED.api_errors)`,
        [
          pageViewId,
          clock().toISOString(),
          beacon.route,
          beacon.locale,
          JSON.stringify(beacon.remotes),
          JSON.stringify(vitals),
          JSON.stringify(beacon.failures),
          beacon.api?.calls ?? 0,
          beacon.api?.errors ?? 0,
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
                ${failuresOf()} AS failures,
                ${FAILURE_KINDS.map((kind) => `${failuresOf(kind)} AS "failures_${kind}"`).join(', ')},
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
        failuresByKind: Object.fromEntries(FAILURE_KINDS.map((kind) => [kind, row[`failures_${kind}`] ?? 0])) as Record<
          RemoteFailureKind,
          number
        >,
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

    /** One release's page views since `since` (the canary judge's window). */
    async sample(remote: string, version: string, since: Date): Promise<ReleaseSample> {
      const window = `WITH views AS (
        SELECT * FROM page_views WHERE received_at > $1::timestamptz AND remotes->>$2 = $3
      )`;
      const parameters = [since.toISOString(), remote, version];
      const [counts] = await db.query<{
        page_views: number;
        failed_views: number;
        api_calls: number;
        api_errors: number;
      }>(
        `${window}
         SELECT count(*)::int AS page_views,
                (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(failures) f
                                                 WHERE f->>'remote' = $2 AND f->>'version' = $3)))::int AS failed_views,
                coalesce(sum(api_calls), 0)::int AS api_calls,
                coalesce(sum(api_errors), 0)::int AS api_errors
           FROM views`,
        parameters,
      );
      const values = async (name: 'LCP' | 'INP') =>
        (
          await db.query<{ value: number }>(
            `${window}
             SELECT (vitals->>'${name}')::float8 AS value FROM views WHERE vitals ? '${name}'
              ORDER BY received_at DESC LIMIT ${MAX_SAMPLE}`,
            parameters,
          )
        ).map((row) => Number(row.value));
      return {
        remote,
        version,
        since: since.toISOString(),
        pageViews: counts?.page_views ?? 0,
        failedViews: counts?.failed_views ?? 0,
        apiCalls: counts?.api_calls ?? 0,
        apiErrors: counts?.api_errors ?? 0,
        LCP: await values('LCP'),
        INP: await values('INP'),
      };
    },

    /**
     * One remote's page views per release and time bucket over the last `hours` (the teams' console's
     * chart, GET /ops/vitals/series): per bucket of `bucketMinutes`, the page views whose map named the
     * release, those on which its slot failed, and the p75 of LCP and INP, counted as /ops/canary does.
     */
    async series(remote: string, hours: number, bucketMinutes: number): Promise<ReleaseSeries[]> {
      const since = new Date(clock().getTime() - hours * 3_600_000).toISOString();
      const rows = await db.query<SeriesRow>(
        `WITH views AS (
           SELECT v.*, v.remotes->>$2 AS version,
                  (floor(extract(epoch FROM v.received_at) / $3) * $3)::float8 AS bucket
             FROM page_views v WHERE v.received_at > $1::timestamptz AND v.remotes ? $2
         )
         SELECT version, bucket, count(*)::int AS page_views,
                (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(failures) f
                                                 WHERE f->>'remote' = $2 AND f->>'version' = views.version)))::int
                  AS failed_views,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY (vitals->>'LCP')::float8) AS lcp,
                count(vitals->'LCP')::int AS lcp_n,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY (vitals->>'INP')::float8) AS inp,
                count(vitals->'INP')::int AS inp_n
           FROM views GROUP BY version, bucket ORDER BY version, bucket`,
        [since, remote, bucketMinutes * 60],
      );
      const releases = new Map<string, SeriesPoint[]>();
      for (const row of rows) {
        const points = releases.get(row.version) ?? [];
        points.push({
          at: new Date(Number(row.bucket) * 1000).toISOString(),
          pageViews: row.page_views,
          failedViews: row.failed_views,
          failureRate: row.page_views > 0 ? row.failed_views / row.page_views : 0,
          lcpP75: round(row.lcp === null ? null : Number(row.lcp)),
          lcpSamples: row.lcp_n,
          inpP75: round(row.inp === null ? null : Number(row.inp)),
          inpSamples: row.inp_n,
        });
        releases.set(row.version, points);
      }
      return [...releases].map(([version, points]) => ({ version, points }));
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
