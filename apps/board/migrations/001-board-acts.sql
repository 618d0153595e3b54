-- The board's record: every act the server decided, in order, in books. The operator's reset opens
-- the next book (seq 0 holds its fresh board); the books before it are the archive. (book, seq) is
-- an act's place, so two writers can never both take one place. Rows are only ever inserted.
CREATE TABLE board_acts (
  book integer NOT NULL CHECK (book >= 1),
  seq integer NOT NULL CHECK (seq >= 0),
  -- The act as it was asked (domain/board-acts.ts), null for a book's opening board.
  asked jsonb,
  -- The board as the act left it, without its activity.
  board jsonb NOT NULL,
  -- The activity entries the act added.
  added jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book, seq)
);

-- Append-only in the database too: no statement rewrites or removes an act.
CREATE FUNCTION board_acts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the board''s record is append-only';
END;
$$;
CREATE TRIGGER board_acts_append_only BEFORE UPDATE OR DELETE ON board_acts
  FOR EACH ROW EXECUTE FUNCTION board_acts_append_only();
