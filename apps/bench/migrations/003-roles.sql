-- Each person of the bench holds a role: the clerk (who enrolled with the operator's setup link,
-- and alone invites), the chair, or a member. An invitation names the role it enrols in, signed by
-- the clerk's passkey with the invitee's name. The chair's acts (putting the question, ruling) are
-- the chair's passkey over the exact act: a ceremony of its own purpose.
ALTER TABLE bench_people ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('clerk', 'chair', 'member'));
UPDATE bench_people SET role = 'clerk' WHERE enrolled_by IS NULL;
ALTER TABLE bench_person_links ADD COLUMN role text CHECK (role IN ('clerk', 'chair', 'member'));
ALTER TABLE bench_person_ceremonies DROP CONSTRAINT bench_person_ceremonies_purpose_check;
ALTER TABLE bench_person_ceremonies ADD CONSTRAINT bench_person_ceremonies_purpose_check
  CHECK (purpose IN ('enrol', 'sign_in', 'invite', 'remove', 'chair_act'));
