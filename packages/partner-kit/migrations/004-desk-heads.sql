-- What this site saw of the desk's ledger: every signed tree head the desk handed it (fetched with
-- each authorized write, and at each audit), kept as the desk signed it, so a later head can be
-- checked to extend it. A write whose head could not be had keeps a row saying why (head null).
-- Append-only, like the record: nothing here is updated or deleted.
CREATE TABLE partner_desk_heads (
  id bigserial PRIMARY KEY,
  book_no integer NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  -- The receipt of the write the head was fetched with; null for a head fetched by an audit.
  receipt text,
  head jsonb,
  problem text,
  CHECK ((head IS NULL) <> (problem IS NULL))
);

-- Each check of the desk's record this site ran, with what it found wrong (findings, in plain
-- words), so the site's staff see when the desk's history changed after the site saw it.
CREATE TABLE partner_desk_audits (
  id bigserial PRIMARY KEY,
  book_no integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  outcome text NOT NULL CHECK (outcome IN ('passed', 'failed', 'unchecked')),
  summary text NOT NULL,
  findings jsonb NOT NULL DEFAULT '[]'
);
