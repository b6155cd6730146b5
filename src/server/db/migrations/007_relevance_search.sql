-- Relevance search (docs/decisions/0080). Runs unchanged on PGlite and PostgreSQL 15+.

-- The words of a text, as search sees them: every character that is not a letter or a digit
-- separates words, whatever the server's locale. The same character class is
-- SEARCH_WORD_SEPARATORS in src/shared/listing-search.ts, which splits what visitors type.
CREATE FUNCTION listing_search_words(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace($1, '[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u1FFF\u2C00-\u2DFF\u3040-\uD7FF\uF900-\uFFEF]+', ' ', 'g') $$;

-- Each word is stored behind its listing's category letter (SEARCH_TAGS in
-- src/server/modules/listings/search.ts): "nairobi" on a visa is "vnairobi". A search runs
-- within one category, so the word index holds each category's listings apart, and the
-- planner's statistics say how common a word is in that category, not over all four.
CREATE FUNCTION listing_search_tag(category text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE category WHEN 'product' THEN 'p' WHEN 'property' THEN 'h' WHEN 'business' THEN 'b' WHEN 'visa' THEN 'v' END $$;

-- A field's words, lowercased and not stemmed ('simple'), so English and Somali live side
-- by side, with the field's weight.
CREATE FUNCTION listing_search_field(category text, content text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('simple'::regconfig,
    regexp_replace(coalesce(listing_search_words(content), ''), '([^ ]+)', listing_search_tag(category) || '\1', 'g')
  ), weight) $$;

-- One document per listing: the title weighs A, the place and the category's own fields B,
-- the description C. The GIN index finds the words, the weights rank the listings found.
ALTER TABLE listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  listing_search_field(category, title, 'A') ||
  listing_search_field(category,
    coalesce(location, '') || ' ' || subcategory || ' ' || coalesce(product_condition, '') || ' ' ||
    coalesce(property_type, '') || ' ' || coalesce(business_type, '') || ' ' || coalesce(country, '') || ' ' ||
    coalesce(visa_type, ''), 'B') ||
  listing_search_field(category, description, 'C')
) STORED;
CREATE INDEX listings_search_vector_idx ON listings USING gin (search_vector);
-- search_text (001) stays, for searches by any fragment of a word.

-- Every word of four letters or more that a category's listings have used: a typed word of
-- five letters or more is compared with these to tolerate one typo. "folded" is the word
-- with y read as i and doubled letters single (searchFold in src/shared/listing-search.ts);
-- one typo always leaves either the first two or the last two letters in place, so the
-- candidates come from two small index ranges. Words of deleted listings stay: they cost
-- nothing but a candidate that finds no listing.
CREATE TABLE search_words (
  category text NOT NULL,
  word text NOT NULL,
  folded text NOT NULL,
  PRIMARY KEY (category, word)
);
CREATE INDEX search_words_head_idx ON search_words (category, left(folded, 2), length(folded));
CREATE INDEX search_words_tail_idx ON search_words (category, right(folded, 2), length(folded));

CREATE FUNCTION listing_search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(translate($1, 'y', 'i'), '(.)\1+', '\1', 'g') $$;

CREATE FUNCTION remember_listing_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (category, word, folded)
  SELECT DISTINCT category, substr(lexeme, 2), listing_search_fold(substr(lexeme, 2))
  FROM changed_listings, unnest(tsvector_to_array(search_vector)) AS lexeme
  WHERE char_length(lexeme) >= 5 AND lexeme !~ '[0-9]'
  ON CONFLICT (category, word) DO NOTHING;
  RETURN NULL;
END $$;

-- Once per statement, so a bulk load adds its words in one pass.
CREATE TRIGGER listings_search_words_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS changed_listings
  FOR EACH STATEMENT EXECUTE FUNCTION remember_listing_search_words();
CREATE TRIGGER listings_search_words_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS changed_listings
  FOR EACH STATEMENT EXECUTE FUNCTION remember_listing_search_words();

INSERT INTO search_words (category, word, folded)
SELECT DISTINCT category, substr(lexeme, 2), listing_search_fold(substr(lexeme, 2))
FROM listings, unnest(tsvector_to_array(search_vector)) AS lexeme
WHERE char_length(lexeme) >= 5 AND lexeme !~ '[0-9]'
ON CONFLICT (category, word) DO NOTHING;
