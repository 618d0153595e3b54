-- The step authorizations a grant issued (one per step, and one for its undo), kept with the
-- approval. A run cut off mid-way (its page went away, this server was stopped) is taken up by
-- the acting page of a signed-in dispatcher, which asks for them again. Handing one out again
-- cannot write anything twice: each partner allows one use per (plan digest, step), and answers a
-- step it already wrote from its idempotency record.
ALTER TABLE approvals ADD COLUMN authorizations jsonb;
