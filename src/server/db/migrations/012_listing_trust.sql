-- Trust marks and availability (docs/product.md#verified-sold-expired-and-featured, decision 0047).
-- availability: 'active' listings are in public results; 'sold' ones stay reachable by their
-- address (and in results only when a visitor asks for them); 'expired' ones left results
-- when their expiry date (a day in Nairobi) passed. is_active stays the staff's "hidden" switch.
ALTER TABLE listings
  ADD COLUMN availability text NOT NULL DEFAULT 'active' CHECK (availability IN ('active', 'sold', 'expired')),
  ADD COLUMN expires_on date,
  ADD COLUMN featured boolean NOT NULL DEFAULT false,
  ADD COLUMN verified_at timestamptz,
  ADD COLUMN verified_by text,
  ADD COLUMN verification_note text,
  ADD CONSTRAINT listings_verification_complete CHECK (
    (verified_at IS NULL) = (verification_note IS NULL) AND (verified_at IS NULL) = (verified_by IS NULL)
  );

-- One rule for "the date has passed", whoever writes the row: an active listing whose last
-- day (Nairobi, UTC+3 all year) is over is expired. The periodic sweep applies it as days pass.
CREATE FUNCTION listing_expiry_passed(expires_on date) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT expires_on < (now() AT TIME ZONE INTERVAL '+03:00')::date $$;

CREATE FUNCTION expire_listing_on_write() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.availability = 'active' AND listing_expiry_passed(NEW.expires_on) THEN
    NEW.availability := 'expired';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER listings_expire_on_write BEFORE INSERT OR UPDATE OF availability, expires_on ON listings
  FOR EACH ROW EXECUTE FUNCTION expire_listing_on_write();

-- Public results now read "is_active AND availability = 'active'": the indexes that serve
-- them carry the availability too, so counts stay index-only and pages keep their order.
DROP INDEX listings_category_active_created_idx;
CREATE INDEX listings_category_active_created_idx
  ON listings (category, is_active, availability, created_at DESC, id DESC);
DROP INDEX listings_category_active_price_id_idx;
CREATE INDEX listings_category_active_price_id_idx ON listings (category, is_active, availability, price, id);

DROP INDEX listings_category_sub_created_idx;
CREATE INDEX listings_category_sub_created_idx
  ON listings (category, subcategory, created_at DESC, id DESC) WHERE is_active AND availability = 'active';
DROP INDEX listings_visa_country_idx;
CREATE INDEX listings_visa_country_idx
  ON listings (lower(country), created_at DESC, id DESC)
  WHERE is_active AND availability = 'active' AND category = 'visa';
DROP INDEX listings_property_type_idx;
CREATE INDEX listings_property_type_idx
  ON listings ((coalesce(property_type, subcategory)), created_at DESC, id DESC)
  WHERE is_active AND availability = 'active' AND category = 'property';
DROP INDEX listings_property_rooms_idx;
CREATE INDEX listings_property_rooms_idx
  ON listings (bedrooms, bathrooms, price) WHERE is_active AND availability = 'active' AND category = 'property';
DROP INDEX listings_property_listing_type_idx;
CREATE INDEX listings_property_listing_type_idx
  ON listings (listing_type, created_at DESC, id DESC)
  WHERE is_active AND availability = 'active' AND category = 'property';

-- The few featured listings of a category page, newest first.
CREATE INDEX listings_featured_idx ON listings (category, created_at DESC, id DESC)
  WHERE featured AND is_active AND availability = 'active';
-- The expiry sweep and the staff's "Expiring / expired" list.
CREATE INDEX listings_expires_on_idx ON listings (expires_on, id) WHERE expires_on IS NOT NULL;
