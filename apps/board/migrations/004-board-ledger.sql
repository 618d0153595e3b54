-- The board's record of acts as a signed, hash-chained ledger (@warrant/site-server's chained
-- entries, as the bench keeps its meeting): each act the board records, and each editor enrolled,
-- invited or removed, is an entry, appended in the transaction that makes the change. An entry is
-- its exact JSON text; head is the chain after it (SHA-256 of the head before, TAB, the entry).
-- Entries are numbered within the board's book, from 1, as `warrant-ledger verify` reads them.
CREATE TABLE board_ledger (
  book integer NOT NULL CHECK (book >= 1),
  seq integer NOT NULL CHECK (seq >= 1),
  head text NOT NULL,
  entry text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book, seq)
);

CREATE FUNCTION board_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the board''s ledger is append-only';
END;
$$;
CREATE TRIGGER board_ledger_append_only BEFORE UPDATE OR DELETE ON board_ledger
  FOR EACH ROW EXECUTE FUNCTION board_ledger_append_only();

-- The board's key for its ledger's signed heads, made on first start.
CREATE TABLE board_signing_key (
  id integer PRIMARY KEY CHECK (id = 1),
  secret_key bytea NOT NULL
);

-- The ledger entry that records a version's acceptance (null for versions published before the ledger).
ALTER TABLE board_publications ADD COLUMN entry_seq integer;
ALTER TABLE board_publications ADD FOREIGN KEY (book, entry_seq) REFERENCES board_ledger (book, seq);
