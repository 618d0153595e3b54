-- Only a person adds a person (@warrant/people): a dispatcher enrols with a one-time link, a setup
-- link from the operator or an invitation from a dispatcher, used once, expiring; only the code's
-- SHA-256 is kept. `issued_by` is null for the operator's links.
CREATE TABLE dispatcher_links (
  code_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('setup', 'invitation')),
  name text,
  issued_by text REFERENCES dispatchers (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text
);

-- A ceremony now also confirms an act on people (invite, remove): the statement the passkey signs
-- is kept with its challenge; an enrolment names the link it was started with.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges
  ADD CONSTRAINT webauthn_challenges_purpose_check CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove'));
ALTER TABLE webauthn_challenges ADD COLUMN statement jsonb;
ALTER TABLE webauthn_challenges ADD COLUMN link_hash text;
-- Enrolments started before links existed can no longer finish.
DELETE FROM webauthn_challenges WHERE purpose = 'enrol';
