-- Indexes for the staff Listings and Inquiries screens. Listings: every listing, newest
-- first, whatever its status, filtered by status and category, paged deep. Runs on PGlite and PostgreSQL 15+.

-- All listings (and, through the included column, all active ones) in page order.
CREATE INDEX listings_created_idx ON listings (created_at DESC, id DESC) INCLUDE (is_active);

-- The inactive ones, a small share, on their own.
CREATE INDEX listings_inactive_created_idx ON listings (created_at DESC, id DESC) WHERE NOT is_active;

-- One category, active and inactive together (one status: listings_category_active_created_idx).
CREATE INDEX listings_category_created_idx ON listings (category, created_at DESC, id DESC);

-- The Inquiries screen's search (name, email, subject and message; the same expression as
-- src/server/modules/admin-dashboard/repository.ts).
CREATE INDEX inquiries_search_trgm_idx ON inquiries
  USING gin (lower(name || ' ' || email || ' ' || subject || ' ' || message) gin_trgm_ops);
