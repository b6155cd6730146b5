-- Matching a published listing against the saved searches (decision 0089): a listing selects
-- its candidate searches by indexed columns, then the site's own search and filter rules
-- decide each (in the app). The columns are copies of what the filters say, for the index.
ALTER TABLE saved_searches
  ADD COLUMN min_price numeric(14, 2),
  ADD COLUMN max_price numeric(14, 2),
  ADD COLUMN bedrooms integer,
  ADD COLUMN subcategory text,
  -- One of the search's words and every way it may be found (names it stands for, its
  -- one-letter deletions for typos): a listing holding none of them cannot match. Null: no words.
  ADD COLUMN key_words text[];
-- Alerts saved before these columns: the filters' own values (their words, if any, stay
-- null and so are candidates of every listing of their category, checked in full).
UPDATE saved_searches SET
  min_price = (filters ->> 'minPrice')::numeric,
  max_price = (filters ->> 'maxPrice')::numeric,
  bedrooms = (filters ->> 'bedrooms')::integer,
  subcategory = filters ->> 'subcategory';

CREATE INDEX saved_searches_without_words_idx ON saved_searches (category, min_price)
  WHERE confirmed_at IS NOT NULL AND key_words IS NULL;
CREATE INDEX saved_searches_key_words_idx ON saved_searches USING gin (key_words)
  WHERE confirmed_at IS NOT NULL;

-- A listing found for a search, once: an instant alert sends it at once, a daily one with
-- the day's others. A listing never alerts the same search twice.
CREATE TABLE saved_search_matches (
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  matched_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (saved_search_id, listing_id)
);
CREATE INDEX saved_search_matches_unsent_idx ON saved_search_matches (saved_search_id) WHERE sent_at IS NULL;
CREATE INDEX saved_search_matches_listing_idx ON saved_search_matches (listing_id);

-- The daily run: one row per Nairobi day, claimed by the instance that runs it.
CREATE TABLE saved_search_runs (
  day date PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  messages integer NOT NULL DEFAULT 0
);
