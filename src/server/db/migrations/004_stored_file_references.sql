-- Indexes for the sweep of stored files no row refers to (src/server/modules/uploads/orphan-sweep.ts):
-- it asks, file by file, whether any row names it.
CREATE INDEX listings_image_urls_idx ON listings USING gin (image_urls);
CREATE INDEX blog_posts_image_url_idx ON blog_posts (image_url);
