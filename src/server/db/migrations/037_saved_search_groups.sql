-- Saved searches grouped by what the site's rules check (decision 0089): many searches share
-- a category, filters other than the price and words. A published listing finds its candidate
-- groups (a few hundred rows, by category and key words), the rules check each group once, and
-- the ids are read from the passing groups' searches whose own price range holds the price.
CREATE TABLE saved_search_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category text NOT NULL,
  -- The filters but the price (`saved_searches.checked_filters`), words included.
  checked_filters jsonb NOT NULL,
  -- Copies for the index: the group's bedrooms and subcategory filters, null when not set.
  bedrooms integer,
  subcategory text,
  -- The key words of the group's words (saved_searches.key_words); null: no words, or words
  -- stored before key words existed (a candidate of every listing of its category).
  key_words text[]
);
CREATE UNIQUE INDEX saved_search_groups_filters_idx ON saved_search_groups (category, checked_filters);
CREATE INDEX saved_search_groups_without_words_idx ON saved_search_groups (category) WHERE key_words IS NULL;

-- The groups' key words as rows: a listing looks its probe words up in its category by the
-- primary key (words such as "shop" or "eastleigh" are keys of several categories).
CREATE TABLE saved_search_group_keys (
  category text NOT NULL,
  word text NOT NULL,
  group_id bigint NOT NULL REFERENCES saved_search_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (category, word, group_id)
);
CREATE INDEX saved_search_group_keys_group_idx ON saved_search_group_keys (group_id);

-- A confirmed search's group (null until confirmed): the group and the highest price first,
-- so a listing reads only the searches of the passing groups whose price range holds its price.
ALTER TABLE saved_searches ADD COLUMN group_id bigint REFERENCES saved_search_groups (id);
CREATE INDEX saved_searches_group_price_idx
  ON saved_searches (group_id, (coalesce(max_price, 'Infinity'::numeric))) INCLUDE (min_price, max_price, id)
  WHERE group_id IS NOT NULL;

-- Confirmed searches stored before: their groups (a group whose searches disagree on key words,
-- some stored before key words existed, keeps none and is a candidate of its whole category).
INSERT INTO saved_search_groups (category, checked_filters, bedrooms, subcategory, key_words)
  SELECT category, checked_filters, min(bedrooms), min(subcategory),
         CASE WHEN bool_or(key_words IS NULL) OR min(key_words) <> max(key_words) THEN NULL ELSE min(key_words) END
  FROM saved_searches WHERE confirmed_at IS NOT NULL
  GROUP BY category, checked_filters;
UPDATE saved_searches s SET group_id = g.id
  FROM saved_search_groups g
  WHERE s.confirmed_at IS NOT NULL AND g.category = s.category AND g.checked_filters = s.checked_filters;
INSERT INTO saved_search_group_keys (category, word, group_id)
  SELECT DISTINCT category, unnest(key_words), id FROM saved_search_groups WHERE key_words IS NOT NULL;

-- A group is removed with its last search, however the search goes (unsubscribed, erased on
-- request). The group rows are locked first, then looked at by a new statement: a search
-- confirmed into the group at the same time (its upsert locks the row) is seen, not orphaned.
CREATE FUNCTION saved_search_groups_drop_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM saved_search_groups g
    WHERE g.id IN (SELECT group_id FROM gone WHERE group_id IS NOT NULL) ORDER BY g.id FOR UPDATE;
  DELETE FROM saved_search_groups g
    WHERE g.id IN (SELECT group_id FROM gone WHERE group_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM saved_searches s WHERE s.group_id = g.id);
  RETURN NULL;
END $$;
CREATE TRIGGER saved_searches_drop_empty_groups AFTER DELETE ON saved_searches
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION saved_search_groups_drop_empty();

-- The per-search candidates of migrations 029 and 034 are replaced by the groups.
DROP TABLE saved_search_keys;
DROP INDEX saved_searches_without_words_idx;
