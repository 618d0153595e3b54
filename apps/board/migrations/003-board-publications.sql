-- What the board has published: each review an editor accepted, kept as a version in the same
-- transaction as the acceptance (the board_acts row at (book, seq)). A version is numbered within
-- its book, as the board is: the operator's reset opens a new book, which publishes from version 1,
-- and the earlier books' versions stay here, as their acts do. Rows are only ever inserted.
CREATE TABLE board_publications (
  book integer NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  -- The acceptance's place in the record.
  seq integer NOT NULL,
  review_id text NOT NULL,
  -- The six fields' values as published.
  fields jsonb NOT NULL,
  -- What changed since the version before (since the board's starting values, for the first).
  changes jsonb NOT NULL,
  -- The editor who accepted it, the passkey that confirmed it, the statement it signed (its
  -- SHA-256 is the ceremony's challenge) and the passkey's answer, checkable later against the
  -- credential's public key.
  editor_id text NOT NULL REFERENCES board_editors (id),
  credential_id text NOT NULL REFERENCES board_editor_credentials (id),
  statement jsonb NOT NULL,
  assertion jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (book, version),
  -- A review publishes once, and one acceptance is one version.
  UNIQUE (book, review_id),
  UNIQUE (book, seq),
  FOREIGN KEY (book, seq) REFERENCES board_acts (book, seq)
);

CREATE FUNCTION board_publications_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the board''s published versions are append-only';
END;
$$;
CREATE TRIGGER board_publications_append_only BEFORE UPDATE OR DELETE ON board_publications
  FOR EACH ROW EXECUTE FUNCTION board_publications_append_only();
