-- Listings made public whose alerts are still to be matched (decision 0089): the staff request
-- writes this row in its transaction, and a background loop of each instance claims it for a
-- while (claimed_until, as mail_messages is claimed), matches the listing, queues the instant
-- alerts and deletes it. A listing published again before that moves published_at on.
CREATE TABLE listing_publications (
  listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- The site's address the staff used, for the messages' links.
  origin text NOT NULL,
  claimed_until timestamptz
);
CREATE INDEX listing_publications_published_idx ON listing_publications (published_at);
