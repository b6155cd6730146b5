-- Reports a visitor sends about a listing (docs/product.md#reports): staff see them open or
-- resolved. The reporter's contact is optional and only ever shown to staff.
CREATE TABLE listing_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('scam', 'sold', 'wrong-information', 'offensive', 'other')),
  note text NOT NULL DEFAULT '',
  contact text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES staff_users (id) ON DELETE SET NULL
);
CREATE INDEX listing_reports_status_idx ON listing_reports (status, created_at DESC, id DESC);
CREATE INDEX listing_reports_listing_idx ON listing_reports (listing_id);

-- Leads (decisions 0050 and 0051): one salt per UTC day, shared by every app instance; a
-- day's salt is deleted once the day is over, so a visitor hash can no longer be recomputed.
CREATE TABLE lead_salts (
  day date PRIMARY KEY,
  salt text NOT NULL
);

-- One row per visitor, listing, kind and day: a repeat on the same day is the same row.
-- No foreign key: ingest stays one cheap insert; the roll-up below follows the listing.
CREATE TABLE lead_events (
  day date NOT NULL,
  listing_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('view', 'whatsapp', 'phone', 'share')),
  visitor bigint NOT NULL,
  PRIMARY KEY (day, listing_id, kind, visitor)
);

-- Daily roll-up of lead_events, kept up to date by each ingest flush: the dashboard reads
-- only this table, so a year of figures is a few thousand rows per listing at most.
CREATE TABLE lead_daily (
  day date NOT NULL,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('view', 'whatsapp', 'phone', 'share')),
  visitors integer NOT NULL CHECK (visitors >= 0),
  PRIMARY KEY (day, listing_id, kind)
);
-- Per-listing totals (the staff Listings table) and the cascade when a listing is deleted.
CREATE INDEX lead_daily_listing_idx ON lead_daily (listing_id, kind);
-- The top listings of a range of days.
CREATE INDEX lead_daily_kind_day_idx ON lead_daily (kind, day) INCLUDE (listing_id, visitors);

-- The same per calendar year and listing: one row per listing and kind whatever its traffic,
-- so the year's top listings are read from an index, not summed from a year of days.
CREATE TABLE lead_yearly (
  year smallint NOT NULL,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('view', 'whatsapp', 'phone', 'share')),
  visitors integer NOT NULL CHECK (visitors >= 0),
  PRIMARY KEY (year, listing_id, kind)
);
CREATE INDEX lead_yearly_top_idx ON lead_yearly (year, kind, visitors DESC, listing_id);
CREATE INDEX lead_yearly_listing_idx ON lead_yearly (listing_id, kind);

-- The same per category: the Analytics chart and per-category figures read a few rows a day
-- whatever the number of listings. Kept when a listing goes, like any past figure.
CREATE TABLE lead_daily_category (
  day date NOT NULL,
  category text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('view', 'whatsapp', 'phone', 'share')),
  visitors integer NOT NULL CHECK (visitors >= 0),
  PRIMARY KEY (day, category, kind)
);

-- A contact-form message may be about a listing ("Ask about this listing").
ALTER TABLE inquiries ADD COLUMN listing_id uuid REFERENCES listings (id) ON DELETE SET NULL;
CREATE INDEX inquiries_listing_idx ON inquiries (listing_id) WHERE listing_id IS NOT NULL;
