-- 008: planning a visit. Each analysis' fasting rule as data (hours without food, and whether its
-- preparation text is a plain fasting rule that a stricter one covers), so that an order's memo puts
-- the strictest rule first; and the reminder SMS the evening before a nurse's home visit, in the outbox.
-- Runs on PostgreSQL 15 and 18.

ALTER TABLE services
  ADD COLUMN fasting_hours smallint CHECK (fasting_hours BETWEEN 0 AND 48),
  ADD COLUMN fasting_rule_only boolean NOT NULL DEFAULT false;

-- A database seeded before this migration: the rules read from the texts (a new seed writes them itself).
UPDATE services SET fasting_hours = CASE
    WHEN preparation_uk ~* '12[–-]14 годин' THEN 12
    WHEN preparation_uk ~* '^Кров бажано здавати зранку натщесерце або не раніше ніж через 3' THEN 3
    WHEN preparation_uk ~* 'натщесерце або через 4 години' THEN 4
    WHEN preparation_uk ~* 'натщесерце' THEN 8
  END
  WHERE preparation_uk IS NOT NULL;
UPDATE services SET fasting_rule_only = true
  WHERE NOT package_service
    AND (preparation_uk ~ '^Кров бажано здавати зранку натщесерце або не раніше ніж через 3'
      OR preparation_uk ~ '^Натщесерце, через 8[–-]12 годин після останнього прийому їжі. Напередодні'
      OR preparation_uk ~ '^Спеціальна підготовка не потрібна');

-- The reminder is written with the order (its event key is the order's and the visit's day) and due at
-- 18:00 Kyiv time the day before: the outbox's worker sends it then, once, across restarts.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_kind_check
  CHECK (kind IN ('results-ready', 'results-corrected', 'visit-reminder'));
