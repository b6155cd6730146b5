-- The newsletter's double opt-in: an address receives mail only once it has confirmed through
-- the link of a confirmation message (decision 0092).
ALTER TABLE newsletter_subscribers
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'so')),
  ADD COLUMN confirmed_at timestamptz,
  -- The last confirmation message queued: at most one an hour per address.
  ADD COLUMN confirmation_sent_at timestamptz,
  -- Stored before double opt-in: kept, unconfirmed, and asked to confirm once.
  ADD COLUMN needs_reconfirm boolean NOT NULL DEFAULT true;
ALTER TABLE newsletter_subscribers ALTER COLUMN needs_reconfirm SET DEFAULT false;

-- The recipients of a mailing, walked in id order.
CREATE INDEX newsletter_subscribers_confirmed_idx ON newsletter_subscribers (id) WHERE confirmed_at IS NOT NULL;
-- The one-time run asking the earlier subscribers to confirm.
CREATE INDEX newsletter_subscribers_reconfirm_idx ON newsletter_subscribers (id) WHERE needs_reconfirm;

-- The links (confirm, unsubscribe) in the newsletter's messages: each message has its own
-- random token, only its SHA-256 kept, good until the subscriber is deleted (a confirmation
-- for 7 days).
CREATE TABLE newsletter_links (
  token_hash text PRIMARY KEY,
  subscriber_id uuid NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX newsletter_links_subscriber_idx ON newsletter_links (subscriber_id);
