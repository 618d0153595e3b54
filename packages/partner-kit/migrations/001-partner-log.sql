-- A partner's record: every entry of every book, append-only. A reset opens the next book; the
-- books before it are the archive. (book_no, seq) is the entry's place, so two writers can never
-- both append the same place: the second insert fails and its write is not recorded.
CREATE TABLE partner_entries (
  book_no integer NOT NULL CHECK (book_no >= 1),
  seq integer NOT NULL CHECK (seq >= 1),
  entry jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_no, seq)
);

-- The first write under each idempotency key, per book: concurrent calls with one key have one
-- effect because this insert can succeed only once.
CREATE TABLE partner_idempotency_keys (
  book_no integer NOT NULL,
  idempotency_key text NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (book_no, idempotency_key)
);

-- The site's own signing key (Ed25519), made on first start. Receipts are signed with it and its
-- public half is published at /.well-known/warrant-partner.json.
CREATE TABLE partner_signing_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
