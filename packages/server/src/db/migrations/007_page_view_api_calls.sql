-- Real-user monitoring, for the canary judge (scripts/canary-judge.mjs): each page view's calls of the API
-- and how many failed on the server's side or on the way (5xx, no answer), as its newest report states.
ALTER TABLE page_views ADD COLUMN api_calls integer NOT NULL DEFAULT 0;
ALTER TABLE page_views ADD COLUMN api_errors integer NOT NULL DEFAULT 0;
