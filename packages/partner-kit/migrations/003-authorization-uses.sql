-- Each plan step is written (and undone) at most once here in a book, whatever approvals of the
-- plan exist: the row is inserted in the write's own transaction. A staff reset opens a new book.
CREATE TABLE partner_authorization_uses (
  book_no integer NOT NULL,
  plan_digest text NOT NULL,
  step integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('step', 'undo')),
  approval text NOT NULL,
  receipt text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_no, plan_digest, step, kind)
);

ALTER TABLE partner_refusals ADD COLUMN book_no integer NOT NULL DEFAULT 0;
