-- Staff write posts in the dashboard (docs/product.md#blog-editor). A post's state follows from
-- published_at alone: none is a draft, a time ahead of now() is scheduled, any other time is
-- published; public reads compare with now(), so a scheduled post goes public by itself.
-- Dates seeded before this were Nairobi calendar days: they become that day's midnight there.
ALTER TABLE blog_posts
  ALTER COLUMN published_at TYPE timestamptz USING (published_at::timestamp AT TIME ZONE 'Africa/Nairobi');
ALTER TABLE blog_posts ALTER COLUMN published_at DROP NOT NULL;
-- A post may have no cover: pages show the site's picture instead.
ALTER TABLE blog_posts ALTER COLUMN image_url DROP NOT NULL;
ALTER TABLE blog_posts
  ADD COLUMN author text CHECK (char_length(author) BETWEEN 1 AND 100),
  -- The reading time staff set by hand; without it read_time_minutes is computed from the body.
  ADD COLUMN read_time_override integer CHECK (read_time_override BETWEEN 1 AND 600),
  ADD COLUMN title_so text CHECK (char_length(title_so) BETWEEN 1 AND 200),
  ADD COLUMN excerpt_so text CHECK (char_length(excerpt_so) BETWEEN 1 AND 500),
  ADD COLUMN body_so text CHECK (char_length(body_so) BETWEEN 1 AND 50000),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- A Somali version is whole or absent: a card never mixes the languages.
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_somali_whole
  CHECK ((title_so IS NULL) = (excerpt_so IS NULL) AND (title_so IS NULL) = (body_so IS NULL));
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_title_length CHECK (char_length(title) BETWEEN 1 AND 200);
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_excerpt_length CHECK (char_length(excerpt) BETWEEN 1 AND 500);
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_body_length CHECK (char_length(body) BETWEEN 1 AND 50000);
-- A slug of digits alone would read as an old /blog/{id} address.
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_slug_has_letter CHECK (slug ~ '[a-z]' AND char_length(slug) <= 100);
UPDATE blog_posts SET updated_at = created_at;

-- Addresses a post had before its slug changed; each leads to the post's current address, so
-- a chain of renames never needs more than one redirect.
CREATE TABLE blog_slug_redirects (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  post_id integer NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_slug_redirects_post_idx ON blog_slug_redirects (post_id);
CREATE INDEX blog_posts_updated_idx ON blog_posts (updated_at DESC, id DESC);
