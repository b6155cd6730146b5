-- The privacy page's text, edited by admins in Site settings (Markdown, English and Somali)
-- with the day it was last changed; without the row the server shows its default text.
CREATE TABLE privacy_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  text_en text NOT NULL,
  text_so text NOT NULL,
  updated_on date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Privacy requests find everything stored for one address: its inquiries and the reports that
-- left it as their contact (saved searches, newsletter and mail already have such an index).
CREATE INDEX inquiries_email_idx ON inquiries (lower(email));
CREATE INDEX listing_reports_contact_idx ON listing_reports (lower(contact)) WHERE contact <> '';

-- The retention sweep: one row per Nairobi day, claimed by the instance that runs it.
CREATE TABLE retention_sweeps (
  day date PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  inquiries integer,
  saved_searches integer
);
