-- A failed run can be tried again (issue 29, item 4). A plan is granted at most once in a book
-- among the approvals whose run is under way or done; an approval whose run ended undone or failed
-- no longer holds its plan, so a person may approve the same plan again: a new approval, a new
-- passkey assertion, a new run. The partners still refuse a step of the plan that stands written
-- under an earlier approval, so a retry never writes a step twice.
DROP INDEX approvals_plan_granted_once;
CREATE UNIQUE INDEX approvals_plan_granted_once ON approvals (book_no, plan_digest)
  WHERE status = 'granted' AND run_status IN ('running', 'done');
