-- The launch board's editors (@warrant/people): who may act on the board. An editor enrols once,
-- with a one-time link (the operator's setup link for the first, an invitation from an editor after),
-- and is a passkey for the board's origin; a session lets their page act, and framing fields for the
-- agent, granting an expansion and accepting a review take their fresh passkey assertion. A removed
-- editor stays on record, off the list. Only SHA-256 digests of session tokens and link codes are kept.
CREATE TABLE board_editors (
  id text PRIMARY KEY,
  name text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  enrolled_by text REFERENCES board_editors (id),
  removed_at timestamptz
);

CREATE TABLE board_editor_credentials (
  id text PRIMARY KEY,
  editor_id text NOT NULL REFERENCES board_editors (id),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE board_editor_sessions (
  token_hash text PRIMARY KEY,
  editor_id text NOT NULL REFERENCES board_editors (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Each ceremony's challenge, used once: enrolling, signing in, and the acts an editor's passkey
-- confirms (the statement it signs is kept with the challenge).
CREATE TABLE board_editor_ceremonies (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove', 'frame_fields', 'grant_expansion', 'accept_review')),
  name text,
  user_id text,
  statement jsonb,
  link_hash text,
  expires_at timestamptz NOT NULL
);

CREATE TABLE board_editor_links (
  code_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('setup', 'invitation')),
  name text,
  issued_by text REFERENCES board_editors (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text
);
