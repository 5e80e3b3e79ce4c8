-- The catalogue's version: one number that every change of what the public catalogue answers show
-- bumps, in the same transaction as the change (statement triggers). The server's cache of public
-- answers and their ETags are keyed by it, so a price change is never served from a cache, on any
-- instance, from the moment it commits.
CREATE TABLE catalogue_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (version) VALUES (1);

CREATE FUNCTION lab_bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY[
    'settlements', 'branches', 'service_groups', 'materials', 'services', 'service_group_items',
    'service_materials', 'package_items', 'additional_services', 'service_prices', 'preparation_rules',
    'genders', 'specializations', 'menus', 'menu_items', 'articles', 'news', 'documents', 'equipment'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION lab_bump_catalogue_version()',
      catalogue_table || '_bump_catalogue_version', catalogue_table);
  END LOOP;
END
$$;

-- The global request limit's counters (RATE_LIMIT_MAX per client address and minute), shared by every
-- API instance on the database, so that N instances still allow the limit once. Unlogged: a counter
-- is not worth a disk flush per request, and losing them in a crash only resets a minute's counts.
CREATE UNLOGGED TABLE request_counters (
  client text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (client, window_start)
);
CREATE INDEX request_counters_window_idx ON request_counters (window_start);
