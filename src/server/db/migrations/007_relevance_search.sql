-- Relevance search (issue 12, decision 0024). Runs unchanged on PGlite and PostgreSQL 15+.

-- The words of a text, as search sees them: every character that is not a letter or a digit
-- separates words, whatever the server's locale. The same character class is
-- SEARCH_WORD_SEPARATORS in src/shared/listing-search.ts, which splits what visitors type.
CREATE FUNCTION listing_search_words(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace($1, '[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u1FFF\u2C00-\u2DFF\u3040-\uD7FF\uF900-\uFFEF]+', ' ', 'g') $$;

-- One document per listing: lowercased words without stemming ('simple'), so English and
-- Somali live side by side; the title weighs A, the place and the category's own fields B,
-- the description C. The GIN index finds the words, the weights rank the listings found.
ALTER TABLE listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, listing_search_words(title)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, listing_search_words(
    coalesce(location, '') || ' ' || subcategory || ' ' || coalesce(product_condition, '') || ' ' ||
    coalesce(property_type, '') || ' ' || coalesce(business_type, '') || ' ' || coalesce(country, '') || ' ' ||
    coalesce(visa_type, '')
  )), 'B') ||
  setweight(to_tsvector('simple'::regconfig, listing_search_words(description)), 'C')
) STORED;
CREATE INDEX listings_search_vector_idx ON listings USING gin (search_vector);
-- search_text (001) stays, for searches by any fragment of a word.

-- Every word of four letters or more that a listing has used: a typed word of five letters
-- or more is compared with these to tolerate one typo. "folded" is the word with y read as i
-- and doubled letters single (searchFold in src/shared/listing-search.ts); one typo
-- always leaves either its first two or its last two letters in place, so the candidates
-- come from two small index ranges. Words of deleted listings stay: they cost nothing.
CREATE TABLE search_words (
  word text PRIMARY KEY,
  folded text NOT NULL
);
CREATE INDEX search_words_head_idx ON search_words (left(folded, 2), length(folded));
CREATE INDEX search_words_tail_idx ON search_words (right(folded, 2), length(folded));

CREATE FUNCTION listing_search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(translate($1, 'y', 'i'), '(.)\1+', '\1', 'g') $$;

CREATE FUNCTION remember_listing_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, folded)
  SELECT DISTINCT w, listing_search_fold(w)
  FROM changed_listings, unnest(tsvector_to_array(search_vector)) AS w
  WHERE char_length(w) >= 4 AND w !~ '[0-9]'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;

-- Once per statement, so a bulk load adds its words in one pass.
CREATE TRIGGER listings_search_words_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS changed_listings
  FOR EACH STATEMENT EXECUTE FUNCTION remember_listing_search_words();
CREATE TRIGGER listings_search_words_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS changed_listings
  FOR EACH STATEMENT EXECUTE FUNCTION remember_listing_search_words();

INSERT INTO search_words (word, folded)
SELECT DISTINCT w, listing_search_fold(w)
FROM listings, unnest(tsvector_to_array(search_vector)) AS w
WHERE char_length(w) >= 4 AND w !~ '[0-9]'
ON CONFLICT (word) DO NOTHING;
