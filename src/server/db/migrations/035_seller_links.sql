-- A seller's own link to their approved listing (docs/product.md#the-sellers-link, decision
-- 0097): edit it (the edit waits for staff), renew it, mark it sold. One link per listing;
-- only the token's SHA-256 is kept. Staff revoke it; a new approval or staff's "new link"
-- replaces it. The seller is the approving submission's (their address, name, language),
-- so a privacy deletion of the submission takes the link with it.
CREATE TABLE seller_links (
  listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  submission_id uuid NOT NULL REFERENCES listing_submissions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES staff_users (id) ON DELETE SET NULL
);
CREATE INDEX seller_links_submission_idx ON seller_links (submission_id);

-- A seller's edit of a live listing is a submission too: already confirmed (the link proves
-- the address), waiting for staff, approved onto the listing it edits. It has no
-- confirmation link. One edit per listing waits at a time.
ALTER TABLE listing_submissions
  ADD COLUMN edit_of uuid REFERENCES listings (id) ON DELETE CASCADE,
  ALTER COLUMN confirm_token_hash DROP NOT NULL,
  ADD CONSTRAINT listing_submissions_confirm_or_edit CHECK (confirm_token_hash IS NOT NULL OR edit_of IS NOT NULL);
CREATE UNIQUE INDEX listing_submissions_one_waiting_edit ON listing_submissions (edit_of) WHERE status = 'waiting';
