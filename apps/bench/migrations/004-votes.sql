-- A member's vote on a question the chair has put is their passkey over the exact vote (the
-- question's digest and the choice): a ceremony of its own purpose.
ALTER TABLE bench_person_ceremonies DROP CONSTRAINT bench_person_ceremonies_purpose_check;
ALTER TABLE bench_person_ceremonies ADD CONSTRAINT bench_person_ceremonies_purpose_check
  CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove', 'chair_act', 'vote'));
