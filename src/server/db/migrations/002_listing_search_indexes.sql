-- Indexes for the public listing search (docs/decisions/0004-server-side-search.md). Runs on PGlite and PostgreSQL 15+.

-- Price sorts break ties on id so pages never overlap; the index serves both directions.
CREATE INDEX listings_category_active_price_id_idx ON listings (category, is_active, price, id);
DROP INDEX IF EXISTS listings_category_active_price_idx;

-- Subcategory filters (marketplace category, business type), newest first.
CREATE INDEX listings_category_sub_created_idx
  ON listings (category, subcategory, created_at DESC, id DESC) WHERE is_active;

-- Visa country filter matches lowercased names (USA / United States / ...).
CREATE INDEX listings_visa_country_idx
  ON listings (lower(country), created_at DESC, id DESC) WHERE is_active AND category = 'visa';

-- Property type filter: property_type, falling back to the subcategory.
CREATE INDEX listings_property_type_idx
  ON listings ((coalesce(property_type, subcategory)), created_at DESC, id DESC)
  WHERE is_active AND category = 'property';

-- Location filter is a case-insensitive "contains".
CREATE INDEX listings_location_trgm_idx ON listings USING gin (lower(location) gin_trgm_ops);

-- Bedrooms and bathrooms filters (with or without a price range) on the real-estate page.
CREATE INDEX listings_property_rooms_idx
  ON listings (bedrooms, bathrooms, price) WHERE is_active AND category = 'property';
