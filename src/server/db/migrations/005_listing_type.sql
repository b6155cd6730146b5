-- Real estate says whether a property is for sale or to let, and for how long a rent runs.
-- Runs on PGlite and PostgreSQL 15+.
ALTER TABLE listings ADD COLUMN listing_type text CHECK (listing_type IN ('sale', 'rent'));
ALTER TABLE listings ADD COLUMN rent_period text CHECK (rent_period IN ('month', 'year'));

-- Properties already listed: to let when the title or the description says so, monthly (how
-- Nairobi rents are quoted); for sale otherwise.
UPDATE listings SET
  listing_type = CASE WHEN lower(title) ~ '(to let|for rent|for lease)'
    OR lower(description) ~ '(monthly rent|rent (is )?per month|rent per month|to let)'
    THEN 'rent' ELSE 'sale' END
WHERE category = 'property';
UPDATE listings SET rent_period = 'month' WHERE listing_type = 'rent';

-- Every property is for sale or for rent (a rent with its period); other categories have neither.
ALTER TABLE listings ADD CONSTRAINT listings_listing_type_matches_category CHECK (
  CASE WHEN category = 'property'
    THEN listing_type IS NOT NULL AND (listing_type = 'rent') = (rent_period IS NOT NULL)
    ELSE listing_type IS NULL AND rent_period IS NULL
  END
);

-- The real-estate page's "For sale / For rent" filter, newest first.
CREATE INDEX listings_property_listing_type_idx
  ON listings (listing_type, created_at DESC, id DESC) WHERE is_active AND category = 'property';
