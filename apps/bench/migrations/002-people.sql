-- The bench's people (@warrant/people): the clerk, who enrols with the operator's one-time setup
-- link, and the chair and members the clerk invites by name. Each is a passkey for the bench's
-- origin; a session lets their page act, and adding or removing a person takes a person's fresh
-- passkey assertion. A removed person stays on record, off the list. Only SHA-256 digests of
-- session tokens and link codes are kept.
CREATE TABLE bench_people (
  id text PRIMARY KEY,
  name text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  enrolled_by text REFERENCES bench_people (id),
  removed_at timestamptz
);

CREATE TABLE bench_person_credentials (
  id text PRIMARY KEY,
  person_id text NOT NULL REFERENCES bench_people (id),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bench_person_sessions (
  token_hash text PRIMARY KEY,
  person_id text NOT NULL REFERENCES bench_people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Each ceremony's challenge, used once: enrolling, signing in, and the acts a person's passkey
-- confirms (the statement it signs is kept with the challenge).
CREATE TABLE bench_person_ceremonies (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove')),
  name text,
  user_id text,
  statement jsonb,
  link_hash text,
  expires_at timestamptz NOT NULL
);

CREATE TABLE bench_person_links (
  code_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('setup', 'invitation')),
  name text,
  issued_by text REFERENCES bench_people (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text
);
