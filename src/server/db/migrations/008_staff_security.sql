-- Staff accounts in the dashboard, two-factor sign-in and the audit log. Runs unchanged on
-- PGlite and on PostgreSQL 15+.

-- Shown in the Staff list.
ALTER TABLE staff_users ADD COLUMN last_signed_in_at timestamptz;

-- Two-factor sign-in (decision 0034). Secrets are stored encrypted; a pending one waits for
-- the first code that confirms it. The last accepted 30-second step makes a code good once.
ALTER TABLE staff_users ADD COLUMN totp_secret text;
ALTER TABLE staff_users ADD COLUMN totp_pending_secret text;
ALTER TABLE staff_users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE staff_users ADD COLUMN totp_last_step bigint;

-- One-time recovery codes: only their SHA-256 is kept.
CREATE TABLE staff_recovery_codes (
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_user_id, code_hash)
);

-- One-time links to choose a password: only the SHA-256 of the token is kept.
CREATE TABLE staff_password_links (
  token_hash text PRIMARY KEY,
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_password_links_user_idx ON staff_password_links (staff_user_id);

-- A right password on an account with two-factor sign-in waits here for its code: not a
-- session, a few minutes long, bound to the address it came from.
CREATE TABLE staff_sign_in_challenges (
  token_hash text PRIMARY KEY,
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  address text NOT NULL,
  known_address boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sign_in_challenges_expires_idx ON staff_sign_in_challenges (expires_at);

-- Every staff action (decision 0035). Who is kept as id and the username at the time, with
-- no foreign key: the log outlives whatever it names.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_username text,
  address text,
  action text NOT NULL,
  entity_type text,
  entity_id text,
  entity_title text,
  changes jsonb
);
-- The Audit screen: newest first, by person, by action, within dates.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC, id DESC);

-- Append-only: no UPDATE, no TRUNCATE, and a DELETE only of entries over 400 days old by the
-- retention sweep, which says so with SET LOCAL audit.retention_sweep = 'on'.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('audit.retention_sweep', true) = 'on' AND OLD.at < now() - interval '400 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
