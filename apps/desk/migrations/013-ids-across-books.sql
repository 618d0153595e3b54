-- An id of the desk's record is never given twice, in any book (issue 30, item 3). A desk reset
-- opens a new book, and the numbers used to start again there (R-1, P-1, L-1, A-1), while the
-- partners keep what they were sent before: step idempotency keys and authorizations name the
-- approval, and a plan's digest names its request. So the last number handed out is kept per kind
-- alone, across books, and a new book goes on from it.
CREATE TABLE desk_id_numbers (
  kind text PRIMARY KEY CHECK (kind IN ('request', 'plan', 'lease', 'approval')),
  last integer NOT NULL
);

-- Go on from the highest number any book has used: the counters, the ids the record holds, and the
-- approvals the server holds (some raised before the counters existed).
INSERT INTO desk_id_numbers (kind, last)
SELECT kind, max(last) FROM (
  SELECT kind, last FROM desk_id_counters
  UNION ALL
  SELECT kind, substring(id FROM '[0-9]{1,7}$')::integer FROM desk_record_ids WHERE id ~ '^[RPLA]-[0-9]{1,7}$'
  UNION ALL
  SELECT 'approval', substring(id FROM '[0-9]{1,7}$')::integer FROM approvals WHERE id ~ '^A-[0-9]{1,7}$'
) AS used
GROUP BY kind;

DROP TABLE desk_id_counters;
