-- The desk's own key (Ed25519): step authorizations and the list of dispatchers are signed with it.
CREATE TABLE desk_signing_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The people who may approve, and their passkeys. A removed dispatcher stays on record, off the list.
CREATE TABLE dispatchers (
  id text PRIMARY KEY,
  name text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  enrolled_by text REFERENCES dispatchers (id),
  removed_at timestamptz
);

CREATE TABLE dispatcher_credentials (
  id text PRIMARY KEY,
  dispatcher_id text NOT NULL REFERENCES dispatchers (id),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A signed-in dispatcher's session: only the SHA-256 of the cookie's token is kept.
CREATE TABLE dispatcher_sessions (
  token_hash text PRIMARY KEY,
  dispatcher_id text NOT NULL REFERENCES dispatchers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Challenges for enrolment and sign-in ceremonies, each used once.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('enrol', 'sign_in')),
  name text,
  user_id text,
  expires_at timestamptz NOT NULL
);

-- The desk's books: a fresh book is a fresh desk (a training desk's "start again"); dispatchers
-- and their passkeys carry over.
CREATE TABLE desk_books (
  book_no integer PRIMARY KEY,
  opened_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL
);
INSERT INTO desk_books (book_no, reason) VALUES (1, 'first opened');

-- Approvals as the desk's server holds them: the statement a dispatcher's passkey signs, the
-- plan's substance it was digested from, and how it was decided. Decided once: a grant is an
-- UPDATE of a pending row; a plan is granted at most once in a book (the partial unique index).
CREATE TABLE approvals (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  challenge text NOT NULL,
  id text NOT NULL,
  plan_digest text NOT NULL,
  statement jsonb NOT NULL,
  substance jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'granted', 'rejected')),
  dispatcher_id text REFERENCES dispatchers (id),
  decided_at timestamptz,
  PRIMARY KEY (book_no, challenge)
);
CREATE UNIQUE INDEX approvals_plan_granted_once ON approvals (book_no, plan_digest) WHERE status = 'granted';
