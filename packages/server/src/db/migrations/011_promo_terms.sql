-- 011: a promo code's rule against sales, and the news item that announces a code. Whether the code is
-- taken off a sale price (true) or competes with it, the larger saving applying (false: "не сумується з
-- іншими акціями"); and the news item reads its code's days, value and scope instead of repeating them.
-- Runs on PostgreSQL 15 and 18.

ALTER TABLE promo_codes ADD COLUMN with_sales boolean NOT NULL DEFAULT true;

ALTER TABLE news ADD COLUMN promo_code_id integer REFERENCES promo_codes (id) ON DELETE SET NULL;
