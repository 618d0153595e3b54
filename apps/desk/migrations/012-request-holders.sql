-- Several dispatchers act at once: the desk-wide acting claim is gone, and each request is held by
-- the one dispatcher who took it in (or took it, or took it over). Only its holder's session adds
-- to the record about it. Kept per book, like the record itself.
DROP TABLE IF EXISTS desk_acting_page;

CREATE TABLE request_holders (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  request text NOT NULL,
  dispatcher_id text REFERENCES dispatchers (id),
  since timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book_no, request)
);

-- What each id of the desk's record (a request, a plan, a lease, an approval) was born as: an
-- event naming an id already born as something else is refused, so no id is given twice, however
-- many pages decide at once.
CREATE TABLE desk_record_ids (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  kind text NOT NULL CHECK (kind IN ('request', 'plan', 'lease', 'approval')),
  id text NOT NULL,
  birth text NOT NULL,
  PRIMARY KEY (book_no, kind, id)
);

-- The last number handed out for each kind of id in a book: a page reserves the number of the
-- request, plan, lease or approval it is about to make, so two pages never make two of one id.
CREATE TABLE desk_id_counters (
  book_no integer NOT NULL REFERENCES desk_books (book_no),
  kind text NOT NULL CHECK (kind IN ('request', 'plan', 'lease', 'approval')),
  last integer NOT NULL,
  PRIMARY KEY (book_no, kind)
);
