-- mail_messages is the delivery queue itself: an instance claims a due message for a while
-- (claimed_until), sends it, and marks it; a message that failed waits until next_attempt_at.
ALTER TABLE mail_messages
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN claimed_until timestamptz;
-- 'outbox': kept for staff to read, as no mail server is configured (the embedded default).
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_status_check;
ALTER TABLE mail_messages
  ADD CONSTRAINT mail_messages_status_check CHECK (status IN ('queued', 'sent', 'outbox', 'failed'));
CREATE INDEX mail_messages_due_idx ON mail_messages (next_attempt_at) WHERE status = 'queued';
