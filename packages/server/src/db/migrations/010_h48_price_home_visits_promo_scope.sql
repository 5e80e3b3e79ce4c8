-- 010: home visits and promo scopes as data. Where a nurse comes and what the visit costs, per
-- settlement (the /home-visit page, checkout and the order all read this table; a settlement without
-- a row has no visits); and the groups a promo code applies to (none listed: every service).
-- Runs on PostgreSQL 15 and 18.

CREATE TABLE home_visit_settlements (
  settlement_id integer PRIMARY KEY REFERENCES settlements (id) ON DELETE CASCADE,
  price numeric(10, 2) NOT NULL CHECK (price >= 0),   -- the visit within the settlement, hryvnia
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

-- a promo with rows here takes its discount off the services of these groups (and of their subgroups)
-- only; the other lines keep the online-payment discount
CREATE TABLE promo_code_groups (
  promo_code_id integer NOT NULL REFERENCES promo_codes (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES service_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (promo_code_id, group_id)
);
