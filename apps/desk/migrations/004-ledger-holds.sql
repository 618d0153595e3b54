-- A head never shrinks. When the desk's server finds the ledger rows it stores no longer extend the
-- largest head it signed in a book (rows deleted or rewritten behind it), it signs nothing more in
-- that book and keeps the finding here: what it found, and which dispatcher looked and when. Every
-- head it signed is kept already, in desk_ledger_heads.
CREATE TABLE desk_ledger_holds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  problem text NOT NULL CHECK (problem IN ('shorter', 'inconsistent')),
  signed_size integer NOT NULL CHECK (signed_size >= 0),
  stored_size integer NOT NULL CHECK (stored_size >= 0),
  found_at timestamptz NOT NULL DEFAULT now(),
  looked_by text REFERENCES dispatchers (id),
  looked_at timestamptz
);
CREATE INDEX desk_ledger_holds_book ON desk_ledger_holds (book_no);
