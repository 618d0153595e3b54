-- An approval whose plan was revised (its steps changed) is void on the desk's server, decided in
-- the transaction that stores the revision (server/approval-standing.ts): a grant of it is then
-- refused like that of any decided approval, on the card and on another device.
ALTER TABLE approvals DROP CONSTRAINT approvals_status_check;
ALTER TABLE approvals ADD CONSTRAINT approvals_status_check CHECK (status IN ('pending', 'granted', 'rejected', 'void'));
