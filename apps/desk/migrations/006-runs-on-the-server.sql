-- An approved run belongs to the desk's server: it signs each step's authorization as it sends it,
-- so nothing of it is kept to hand out again. What it keeps is the person's assertion (to sign
-- each step with, at the moment it is sent), the plan's id at the desk, and how the run stands.
ALTER TABLE approvals ADD COLUMN assertion jsonb;
ALTER TABLE approvals ADD COLUMN plan_id text;
ALTER TABLE approvals ADD COLUMN run_status text CHECK (run_status IN ('running', 'done', 'undone', 'failed'));
ALTER TABLE approvals ADD COLUMN run_problem text;
ALTER TABLE approvals ADD COLUMN run_started_at timestamptz;
ALTER TABLE approvals ADD COLUMN run_ended_at timestamptz;

-- Each step of a run the server recorded, with what its partner answered: one row per step and
-- kind (its write, its undo), inserted in the same transaction as the step's ledger rows. A server
-- started again reads these to take up a run where it stood.
CREATE TABLE desk_run_steps (
  book_no integer NOT NULL,
  challenge text NOT NULL,
  step integer NOT NULL CHECK (step >= 0),
  kind text NOT NULL CHECK (kind IN ('step', 'undo')),
  -- written: the partner holds it (its receipt verified); not_written: it does not; refused: it said no.
  outcome text NOT NULL CHECK (outcome IN ('written', 'not_written', 'refused', 'unknown')),
  receipt text,
  receipt_digest text,
  result jsonb,
  problem text,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_no, challenge, step, kind),
  FOREIGN KEY (book_no, challenge) REFERENCES approvals (book_no, challenge)
);

-- The desk's signed word that a run is over, owed to each partner of its plan until that partner
-- has taken it (delivered_at): from then the partner refuses any write or undo of that run.
CREATE TABLE desk_run_closures (
  book_no integer NOT NULL,
  challenge text NOT NULL,
  partner text NOT NULL,
  closure jsonb NOT NULL,
  delivered_at timestamptz,
  PRIMARY KEY (book_no, challenge, partner)
);
