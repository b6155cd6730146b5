-- The saved searches' key words as rows (an inverted index): a published listing looks its
-- probe words up by the primary key, a few hundred index probes, where an array overlap
-- (`key_words && probes`) made PostgreSQL read every saved search (decision 0089).
CREATE TABLE saved_search_keys (
  word text NOT NULL,
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  PRIMARY KEY (word, saved_search_id)
);
CREATE INDEX saved_search_keys_search_idx ON saved_search_keys (saved_search_id);
INSERT INTO saved_search_keys (word, saved_search_id)
  SELECT DISTINCT unnest(key_words), id FROM saved_searches WHERE key_words IS NOT NULL;
DROP INDEX saved_searches_key_words_idx;
