-- The queue flags a seller's listing whose photo was posted before (decision 0095).
CREATE INDEX listing_submissions_image_hashes_idx ON listing_submissions USING gin (image_hashes);
-- ... or whose title and phone another recent listing has.
CREATE INDEX listing_submissions_created_idx ON listing_submissions (created_at);
