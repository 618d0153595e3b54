-- The bench's records. A meeting's record is append-only: each entry a row of a hash chain
-- (SHA-256 over the previous head and the entry's exact JSON text, kept as text so it reads back
-- byte for byte). Loading a starting point starts a new record and archives the one it replaces,
-- whole: nothing recorded is ever rewritten or deleted by a page.
CREATE TABLE bench_meetings (
  meeting_no integer PRIMARY KEY CHECK (meeting_no >= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a later record replaced it: why, and when.
  archived_reason text,
  archived_at timestamptz
);

CREATE TABLE bench_entries (
  meeting_no integer NOT NULL REFERENCES bench_meetings (meeting_no),
  seq integer NOT NULL CHECK (seq >= 1),
  head text NOT NULL,
  entry text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (meeting_no, seq)
);

-- The bench's signing key for its record's heads, made on first start.
CREATE TABLE bench_signing_key (
  id integer PRIMARY KEY CHECK (id = 1),
  secret_key bytea NOT NULL
);

INSERT INTO bench_meetings (meeting_no) VALUES (1);
