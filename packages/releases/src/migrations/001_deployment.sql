-- The live pointer (one row, its version raised by every move) and the history of the moves, each
-- with the document it made.
CREATE TABLE lab_deployment (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  document jsonb NOT NULL,
  moved_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lab_deployment_history (
  deployment bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  move jsonb NOT NULL,
  document jsonb NOT NULL
);
