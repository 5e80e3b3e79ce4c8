-- Team tokens (only the secret's SHA-256) and the deploy API's request counts, shared by its instances.
CREATE TABLE lab_deploy_tokens (
  id text PRIMARY KEY,
  team text NOT NULL,
  name text NOT NULL,
  apps text[] NOT NULL,
  secret_sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE UNIQUE INDEX lab_deploy_tokens_live ON lab_deploy_tokens (team, name) WHERE revoked_at IS NULL;

CREATE TABLE lab_deploy_request_counts (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
