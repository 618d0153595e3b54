-- A desk's plan step is written (and undone) at most once at this site, across every book: a
-- staff reset opens a new book of the site's record, and never makes a desk's authorization usable
-- again. The book a use was recorded in is kept as information only.
DELETE FROM partner_authorization_uses later
  USING partner_authorization_uses earlier
  WHERE later.plan_digest = earlier.plan_digest AND later.step = earlier.step AND later.kind = earlier.kind
    AND later.book_no > earlier.book_no;
ALTER TABLE partner_authorization_uses DROP CONSTRAINT partner_authorization_uses_pkey;
ALTER TABLE partner_authorization_uses ADD PRIMARY KEY (plan_digest, step, kind);

-- The runs the desk told this site are over (its signed closure, verified under the desk key this
-- site trusts), by the approval's challenge. No write or undo under that approval is taken after,
-- whatever its authorization's deadline. Kept across books, like the uses above.
CREATE TABLE partner_closed_runs (
  challenge text PRIMARY KEY,
  approval text NOT NULL,
  plan_digest text NOT NULL,
  outcome text NOT NULL,
  closed_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
