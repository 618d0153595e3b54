-- A desk reset (a new book) is a dispatcher's act, not a session's: its statement, naming the book
-- it closes, is held for the dispatcher's passkey like an invitation's or a removal's.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges
  ADD CONSTRAINT webauthn_challenges_purpose_check CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove', 'reset'));
