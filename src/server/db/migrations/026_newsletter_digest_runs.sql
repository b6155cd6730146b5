-- The newsletter's weekly digest (decision 0094): one row per scheduled slot, claimed by the
-- instance that sends it. It holds the window of what is new (since the previous slot) and how
-- far the run got, so a restart resumes after the last subscriber queued and never sends twice.
CREATE TABLE newsletter_digest_runs (
  slot timestamptz PRIMARY KEY,
  -- New listings and posts are those of (since, slot].
  since timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- The last subscriber (in id order) whose digest is queued.
  last_subscriber_id uuid,
  messages integer NOT NULL DEFAULT 0
);
