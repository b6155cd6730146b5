-- Sign-in hardening. Runs unchanged on PGlite and on PostgreSQL 15+.

-- Usernames are stored in their one form (src/shared/username.ts): lowercase ASCII. The
-- unique index on lower(username) guarantees this cannot collide.
UPDATE staff_users SET username = lower(username) WHERE username <> lower(username);

-- Failed sign-ins since the owner last signed in, turned into a dashboard notice at the
-- next successful sign-in and kept there until dismissed.
ALTER TABLE staff_users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0;
ALTER TABLE staff_users ADD COLUMN last_failed_sign_in_at timestamptz;
ALTER TABLE staff_users ADD COLUMN last_failed_sign_in_address text;
ALTER TABLE staff_users ADD COLUMN sign_in_notice jsonb;

-- Addresses that signed in to an account: a correct password from one of them gets past the
-- account's lock (decision 0015).
CREATE TABLE staff_known_addresses (
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_user_id, address)
);
