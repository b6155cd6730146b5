-- Every message the site sends, written in the same transaction as what caused it (an
-- inquiry, a subscription): the record delivery works from, and what staff read as the outbox.
CREATE TABLE mail_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- One message per key: the same event queued twice is one message.
  key text NOT NULL UNIQUE,
  recipient text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'so')),
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  reply_to text,
  -- Bulk mail's one-click unsubscribe address (RFC 8058); null for a message one person caused.
  unsubscribe_url text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_messages_created_idx ON mail_messages (created_at DESC);
CREATE INDEX mail_messages_recipient_idx ON mail_messages (lower(recipient));
