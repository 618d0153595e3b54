-- Writes the site refused at its door (no authorization, a forged or spent one): kept beside the
-- record so the site's staff see who tried what, even though nothing changed.
CREATE TABLE partner_refusals (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  tool text NOT NULL,
  code text NOT NULL,
  reason text NOT NULL,
  request text,
  channel text NOT NULL
);
