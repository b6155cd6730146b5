-- One-off newsletter issues written by staff in Markdown (decision 0094). An issue is queued
-- for every confirmed subscriber in batches; last_subscriber_id and recipients move with each
-- batch's transaction, so a stopped send resumes where it stopped. send_key is the form's
-- key: the same send posted twice (a double click, a retry) is one issue.
CREATE TABLE newsletter_issues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  send_key uuid NOT NULL UNIQUE,
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 50000),
  sent_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Every message queued; null while queuing.
  sent_at timestamptz,
  recipients integer NOT NULL DEFAULT 0,
  last_subscriber_id uuid,
  -- The instance queuing it holds it until then (a stopped one's claim runs out).
  claimed_until timestamptz
);
CREATE INDEX newsletter_issues_created_idx ON newsletter_issues (created_at DESC);
CREATE INDEX newsletter_issues_unsent_idx ON newsletter_issues (created_at) WHERE sent_at IS NULL;
