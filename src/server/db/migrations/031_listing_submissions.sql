-- Listings sellers post themselves (docs/product.md#post-a-listing, decision 0095): a table of
-- their own, apart from listings, so nothing that reads listings (pages, search, sitemap,
-- feeds, caches) can show one before staff approve it. Approving copies it into listings.
CREATE TABLE listing_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- unconfirmed: waits for the seller's e-mail link; waiting: in the staff queue; then decided.
  status text NOT NULL DEFAULT 'unconfirmed'
    CHECK (status IN ('unconfirmed', 'waiting', 'approved', 'rejected', 'spam')),
  -- The listing's fields as the shared listing schema returns them (shared/listing-form-schema.ts).
  listing jsonb NOT NULL,
  -- Stored like staff uploads, in the category's folder; removed with an unconfirmed submission.
  image_urls text[] NOT NULL DEFAULT '{}',
  -- SHA-256 of each photo as uploaded: the same photo posted again is found by it.
  image_hashes text[] NOT NULL DEFAULT '{}',
  seller_name text NOT NULL,
  seller_email text NOT NULL,
  -- When the seller agreed to the terms (the form cannot be sent without it).
  consented_at timestamptz NOT NULL DEFAULT now(),
  language text NOT NULL CHECK (language IN ('en', 'so')),
  -- The confirmation link's token: only its SHA-256.
  confirm_token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  decided_at timestamptz,
  decided_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  -- Told to the seller when staff reject it.
  reject_reason text,
  -- The listing an approval made.
  listing_id uuid REFERENCES listings (id) ON DELETE SET NULL
);
-- The queue (oldest waiting first) and the sweep of unconfirmed ones.
CREATE INDEX listing_submissions_status_idx ON listing_submissions (status, created_at);
-- The cap of open submissions per e-mail address, and a privacy request's search.
CREATE INDEX listing_submissions_email_idx ON listing_submissions (lower(seller_email));
-- The orphan sweep asks whether any row names a stored file.
CREATE INDEX listing_submissions_image_urls_idx ON listing_submissions USING gin (image_urls);
