-- Saved-search alerts: a visitor's search (a category and its filters, as the results page
-- takes them) sent to an address when new listings match it. No account: the address confirms
-- once through a link, and every message carries links to manage or end the alert.
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'so')),
  category text NOT NULL CHECK (category IN ('product', 'property', 'business', 'visa')),
  -- The filters as the listing query schema reads them, without order or page (normalized:
  -- the same search saved twice is the same object).
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  frequency text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('daily', 'instant')),
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
-- Finding everything stored for one address; the same search for one address is kept once.
CREATE INDEX saved_searches_email_idx ON saved_searches (lower(email));
CREATE UNIQUE INDEX saved_searches_one_per_address_idx ON saved_searches (lower(email), category, filters);
-- The sweep of alerts never confirmed.
CREATE INDEX saved_searches_unconfirmed_idx ON saved_searches (created_at) WHERE confirmed_at IS NULL;

-- The links (confirm, manage, unsubscribe) in an alert's messages: each message has its own
-- random token, only its SHA-256 kept, good until the alert is deleted.
CREATE TABLE saved_search_links (
  token_hash text PRIMARY KEY,
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_search_links_search_idx ON saved_search_links (saved_search_id);
