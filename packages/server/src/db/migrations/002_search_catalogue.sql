-- 002: site search and catalogue. Runs on PostgreSQL 15 (Debian) and 18 (PGlite).
--
-- Search (repositories/search.ts) combines, per entity:
--   - exact and prefix matches of a normalized title (search_title_uk / search_title_ru) or code,
--   - full text: a tsvector with the 'simple' configuration (no stemming, so Ukrainian, Russian, Latin
--     names and codes are all tokens) over the same text as search_text, queried with prefix terms,
--   - substring (LIKE over search_text) and trigram word similarity (typos) on the GIN trigram index
--     of migration 001.
--   - when those find next to nothing, a consonant skeleton (search_skeleton: the words without vowels,
--     й, ь, ъ and apostrophes) for vowel typos trigrams miss ("холистирин" and "холестерин" are both
--     "хлстрн"; two wrong letters of ten leave a trigram similarity of 0.29).
-- A generated column cannot refer to another generated column, so each expression repeats
-- lab_search_normalize(...) of its sources.

-- Text as lab_search_normalize() gives it, without Cyrillic vowels, й, ь, ъ and apostrophes.
CREATE FUNCTION lab_search_skeleton(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT translate(lab_search_normalize(value), 'аеєиіїоуюяыэйьъ''', '')
$$;

-- ---- services (analyses and packages)

ALTER TABLE services
  ADD COLUMN search_title_uk text GENERATED ALWAYS AS (lab_search_normalize(title_uk)) STORED,
  ADD COLUMN search_title_ru text GENERATED ALWAYS AS (lab_search_normalize(title_ru)) STORED,
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', lab_search_normalize(code || ' ' || title_uk || ' ' || title_ru))
  ) STORED,
  ADD COLUMN search_skeleton tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', lab_search_skeleton(title_uk || ' ' || title_ru))
  ) STORED;
CREATE INDEX services_search_tsv_idx ON services USING gin (search_tsv);
CREATE INDEX services_search_skeleton_idx ON services USING gin (search_skeleton);
-- one- and two-letter queries match titles by their start (LIKE 'фе%')
CREATE INDEX services_search_title_uk_idx ON services (search_title_uk text_pattern_ops);
CREATE INDEX services_search_title_ru_idx ON services (search_title_ru text_pattern_ops);
CREATE INDEX services_code_pattern_idx ON services (code text_pattern_ops);
-- catalogue lists: enabled services shown on the site, in their catalogue order
CREATE INDEX services_listed_idx ON services (sort_order, id) WHERE enabled AND show_on_site;

-- ---- service groups (categories)

ALTER TABLE service_groups
  ADD COLUMN search_title_uk text GENERATED ALWAYS AS (lab_search_normalize(title_uk)) STORED,
  ADD COLUMN search_title_ru text GENERATED ALWAYS AS (lab_search_normalize(title_ru)) STORED,
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', lab_search_normalize(title_uk || ' ' || title_ru))
  ) STORED,
  ADD COLUMN search_skeleton tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', lab_search_skeleton(title_uk || ' ' || title_ru))
  ) STORED;
CREATE INDEX service_groups_search_tsv_idx ON service_groups USING gin (search_tsv);

-- ---- branches: their own text (title, address) plus the city name through settlements.search_text

ALTER TABLE branches
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', lab_search_normalize(title_uk || ' ' || title_ru || ' ' || address_uk || ' ' || address_ru))
  ) STORED;
CREATE INDEX branches_search_tsv_idx ON branches USING gin (search_tsv);

ALTER TABLE settlements
  ADD COLUMN search_text text GENERATED ALWAYS AS (lab_search_normalize(title_uk || ' ' || title_ru)) STORED;
