-- Release files by their SHA-384 (kept once whatever release holds them) and each release's
-- release.json by app and version.
CREATE TABLE lab_release_files (
  digest text PRIMARY KEY,
  bytes bytea NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lab_releases (
  app text NOT NULL,
  version text NOT NULL,
  meta jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app, version)
);
