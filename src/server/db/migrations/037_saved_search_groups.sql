-- Saved searches grouped by what the site's rules check (decision 0089): many searches share
-- a category, filters other than the price and words. A published listing finds its candidate
-- groups (a few hundred rows, by category and key words), the rules check each group once, and
-- the ids are read from the passing groups' members whose own price range holds the price.
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
  key_words text[],
  -- The group's searches and their price ranges, in id order (kept by the triggers below from
  -- saved_searches.group_id): a passing group's matches are read from its one row rather than
  -- from thousands of rows spread over the searches' table.
  member_ids uuid[] NOT NULL DEFAULT '{}',
  member_min_prices numeric(14, 2)[] NOT NULL DEFAULT '{}',
  member_max_prices numeric(14, 2)[] NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX saved_search_groups_filters_idx ON saved_search_groups (category, checked_filters);
CREATE INDEX saved_search_groups_without_words_idx ON saved_search_groups (category) WHERE key_words IS NULL;

-- The groups' key words as rows, each with the groups that have it: a listing looks its probe
-- words up in its category by the primary key, one row per word (words such as "shop" or
-- "eastleigh" are keys of several categories).
CREATE TABLE saved_search_group_keys (
  category text NOT NULL,
  word text NOT NULL,
  group_ids bigint[] NOT NULL,
  PRIMARY KEY (category, word)
);

-- A confirmed search's group (null until confirmed).
ALTER TABLE saved_searches ADD COLUMN group_id bigint REFERENCES saved_search_groups (id);
CREATE INDEX saved_searches_group_idx ON saved_searches (group_id) WHERE group_id IS NOT NULL;

-- A group's members follow its searches, however they change (confirmed into it, unsubscribed,
-- erased on request), and a group goes with its last search. The group rows are locked first,
-- then read again by new statements: a search confirmed into a group at the same time (its
-- upsert locks the row) is seen, not left out or orphaned.
CREATE FUNCTION saved_search_groups_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
  gone bigint[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT group_id) INTO changed FROM old_rows WHERE group_id IS NOT NULL;
  ELSE
    -- Only rows whose group or price range changed (the daily run writes last_sent_at).
    SELECT array_agg(DISTINCT c.group_id) INTO changed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.group_id), (n.group_id)) AS c(group_id)
    WHERE c.group_id IS NOT NULL
      AND (o.group_id, o.min_price, o.max_price) IS DISTINCT FROM (n.group_id, n.min_price, n.max_price);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM saved_search_groups g WHERE g.id = ANY (changed) ORDER BY g.id FOR UPDATE;
  UPDATE saved_search_groups g
    SET (member_ids, member_min_prices, member_max_prices) = (
      SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'), coalesce(array_agg(s.min_price ORDER BY s.id), '{}'),
             coalesce(array_agg(s.max_price ORDER BY s.id), '{}')
      FROM saved_searches s WHERE s.group_id = g.id)
    WHERE g.id = ANY (changed);
  -- Groups left empty go, and leave their key rows (a row left without groups goes too). Key
  -- rows are locked in (category, word) order, as confirming a search adds to them.
  SELECT array_agg(g.id) INTO gone FROM saved_search_groups g
    WHERE g.id = ANY (changed) AND cardinality(g.member_ids) = 0;
  IF gone IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM saved_search_group_keys k
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone))
    ORDER BY k.category, k.word FOR UPDATE;
  UPDATE saved_search_group_keys k SET group_ids = array(SELECT x FROM unnest(k.group_ids) AS x WHERE x <> ALL (gone))
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone));
  DELETE FROM saved_search_group_keys k
    WHERE (k.category, k.word) IN (SELECT g.category, unnest(g.key_words) FROM saved_search_groups g WHERE g.id = ANY (gone))
      AND cardinality(k.group_ids) = 0;
  DELETE FROM saved_search_groups g WHERE g.id = ANY (gone);
  RETURN NULL;
END $$;
CREATE TRIGGER saved_searches_groups_on_delete AFTER DELETE ON saved_searches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION saved_search_groups_refresh();
-- (A trigger with transition tables cannot name its columns: the function picks the rows.)
CREATE TRIGGER saved_searches_groups_on_update AFTER UPDATE ON saved_searches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_groups_refresh();

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
INSERT INTO saved_search_group_keys (category, word, group_ids)
  SELECT category, word, array_agg(DISTINCT id ORDER BY id)
  FROM saved_search_groups, unnest(key_words) AS word WHERE key_words IS NOT NULL
  GROUP BY category, word;

-- The per-search candidates of migrations 029 and 034 are replaced by the groups.
DROP TABLE saved_search_keys;
DROP INDEX saved_searches_without_words_idx;
