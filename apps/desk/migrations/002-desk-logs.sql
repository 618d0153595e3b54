-- The desk's two records, kept by its server: the ledger (who asked whom for what) and the log of
-- desk events its state is folded from (requests, plans, approvals, runs, leases). Each is
-- append-only within a desk book; a new book (a training desk's "start again") starts both afresh
-- and keeps the old ones. The record is stored as the exact JSON text it was sealed from, so its
-- hash chain reads back byte for byte (jsonb would reorder its keys). `writer` is the page that
-- appended it, so a page can tell its own appends from another's.
CREATE TABLE desk_log_records (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  log text NOT NULL CHECK (log IN ('ledger', 'state')),
  seq integer NOT NULL CHECK (seq >= 1),
  head text NOT NULL,
  record text NOT NULL,
  writer text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_no, log, seq)
);

-- Signed tree heads over the ledger, as they were handed out: a partner or an auditor holding one
-- can ask for the same head again by its size, and for proofs against it.
CREATE TABLE desk_ledger_heads (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  size integer NOT NULL CHECK (size >= 0),
  head jsonb NOT NULL,
  PRIMARY KEY (book_no, size)
);

-- Which page acts at this desk: one at a time, across tabs and dispatchers' browsers, since the
-- partner frames a run needs live in one page. A page holds the claim by renewing it; a page that
-- stops renewing (closed, crashed, asleep) loses it when it lapses, and another may take it.
CREATE TABLE desk_acting_page (
  id smallint PRIMARY KEY CHECK (id = 1),
  page text NOT NULL,
  expires_at timestamptz NOT NULL
);
