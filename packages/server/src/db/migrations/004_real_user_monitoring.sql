-- Real-user monitoring: one row per page view of a visitor's browser (POST /api/app/vitals), with the
-- release of every remote on the page, the page's web vitals and the remotes' slot failures. A page
-- view may report again (hidden, shown, hidden): the newest value of each vital wins.
CREATE TABLE page_views (
  id uuid PRIMARY KEY,
  received_at timestamptz NOT NULL,
  route text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('ua', 'ru')),
  -- {"mf_catalog": "0.1.0-3f9a0c1d2e", ...}
  remotes jsonb NOT NULL,
  -- {"LCP": 1840.5, "CLS": 0.01, ...}
  vitals jsonb NOT NULL DEFAULT '{}',
  -- [{"remote": ..., "version": ..., "kind": "load" | "chunk" | "render", "module": "./routes"}]
  failures jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX page_views_received_at_idx ON page_views (received_at);
