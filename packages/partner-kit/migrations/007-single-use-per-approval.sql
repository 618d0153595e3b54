-- Single use is per approval (its challenge: the statement one passkey assertion signed), step and
-- kind, not per plan: "Try again" after a failed run raises a new approval of the same plan, which
-- a person approves again with their passkey, and its run must be able to write the steps the
-- failed run never wrote or undid. authorization-check.ts still refuses a plan step that an earlier
-- approval wrote here and nobody undid: an approval runs a plan once, and two never stand together.
ALTER TABLE partner_authorization_uses ADD COLUMN challenge text;
-- Uses recorded before this change name no challenge; each keeps its own placeholder, so it still
-- blocks its plan step (it was never undone under a challenge this site knows).
UPDATE partner_authorization_uses SET challenge = 'before-007:' || approval || ':' || plan_digest WHERE challenge IS NULL;
ALTER TABLE partner_authorization_uses ALTER COLUMN challenge SET NOT NULL;
ALTER TABLE partner_authorization_uses DROP CONSTRAINT partner_authorization_uses_pkey;
ALTER TABLE partner_authorization_uses ADD PRIMARY KEY (challenge, step, kind);
CREATE INDEX partner_authorization_uses_by_plan ON partner_authorization_uses (plan_digest, step, kind);
