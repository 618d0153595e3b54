-- A partner's own staff (@warrant/people): who may act on this site's page. A staff member enrols
-- once, with a one-time link (the operator's setup link for the first, an invitation from a staff
-- member after), and is a passkey for this partner's origin; a session lets their page act, and a
-- reset or a change of the week's stock takes their fresh passkey assertion. A removed staff
-- member stays on record, off the list. Only SHA-256 digests of session tokens and link codes are kept.
CREATE TABLE partner_staff (
  id text PRIMARY KEY,
  name text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  enrolled_by text REFERENCES partner_staff (id),
  removed_at timestamptz
);

CREATE TABLE partner_staff_credentials (
  id text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES partner_staff (id),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES partner_staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Each ceremony's challenge, used once: enrolling, signing in, and the acts a staff member's
-- passkey confirms (the statement it signs is kept with the challenge).
CREATE TABLE partner_staff_ceremonies (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove', 'reset', 'stock_change')),
  name text,
  user_id text,
  statement jsonb,
  link_hash text,
  expires_at timestamptz NOT NULL
);

CREATE TABLE partner_staff_links (
  code_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('setup', 'invitation')),
  name text,
  issued_by text REFERENCES partner_staff (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text
);
