-- Matching a published listing reads each candidate search once, without joins (decision
-- 0089). `checked_filters` is what the site's rules still check once the indexed columns
-- passed a search (its filters but the price): searches that share it are checked once.
ALTER TABLE saved_searches
  ADD COLUMN checked_filters jsonb GENERATED ALWAYS AS (filters - 'minPrice' - 'maxPrice') STORED;
-- Searches without words by category and highest price (an expensive listing passes few).
DROP INDEX saved_searches_without_words_idx;
CREATE INDEX saved_searches_without_words_idx ON saved_searches (category, max_price)
  INCLUDE (min_price, bedrooms, subcategory)
  WHERE confirmed_at IS NOT NULL AND key_words IS NULL;

-- Searches with words by their key rows alone: each carries its search's indexed columns and
-- checked filters, and only confirmed searches have rows (written when the search is confirmed).
DELETE FROM saved_search_keys k USING saved_searches s WHERE s.id = k.saved_search_id AND s.confirmed_at IS NULL;
ALTER TABLE saved_search_keys
  ADD COLUMN category text,
  ADD COLUMN min_price numeric(14, 2),
  ADD COLUMN max_price numeric(14, 2),
  ADD COLUMN bedrooms integer,
  ADD COLUMN subcategory text,
  ADD COLUMN checked_filters jsonb;
UPDATE saved_search_keys k
  SET category = s.category, min_price = s.min_price, max_price = s.max_price, bedrooms = s.bedrooms,
      subcategory = s.subcategory, checked_filters = s.checked_filters
  FROM saved_searches s WHERE s.id = k.saved_search_id;
ALTER TABLE saved_search_keys ALTER COLUMN category SET NOT NULL, ALTER COLUMN checked_filters SET NOT NULL;
